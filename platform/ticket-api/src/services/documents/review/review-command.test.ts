import { readFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import {
  DOCUMENT_CALLS,
  type DocumentSubmission,
  type DocumentUploadAnswer,
} from '@transit-shop/sdk/contract/documents';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentEvents, documents } from '../../../db/schema/documents.ts';
import type { MailMessage } from '../../../mail/mail-message.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { okOf } from '../../../test-support/account-test-kit.ts';
import { signedInUser } from '../../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp } from '../../../test-support/test-app.ts';
import { documentStorageOf } from '../document-storage.ts';
import { performReviewAction } from './perform-review-action.ts';
import { parseReviewArguments, runReviewCommand } from './review-command.ts';

const LAKESIDE_ID = 103;
const testApp = useTestApp();

type Customer = Awaited<ReturnType<typeof signIn>>;
const signIn = (networkId = LUMIERE_ID, locale = 'fr') =>
  signedInUser({
    db: testApp.current.deps.db,
    clock: testApp.current.clock,
    policy: testApp.current.deps.sessionPolicy,
    networkId,
    user: { verifiedAt: testApp.current.clock.now(), locale },
  });

const cardPng = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#204080' } })
          .png()
          .toBuffer(),
      ),
    ],
    'card.png',
  );

async function requestFor(
  customer: Customer,
  itemId: number,
  documentTypeId: number,
  file?: File,
): Promise<DocumentSubmission> {
  const { document } = await okOf<DocumentUploadAnswer>(
    await testApp.current.call(
      DOCUMENT_CALLS.createDocument,
      {
        userToken: customer.token,
        userId: customer.user.id,
        paperworkTypeId: documentTypeId,
        file: file ?? (await cardPng()),
      },
      { networkId: customer.session.networkId },
    ),
  );
  const answer = await okOf<{ submission: DocumentSubmission }>(
    await testApp.current.call(DOCUMENT_CALLS.createDocumentsSubmission, {
      userToken: customer.token,
      userId: customer.user.id,
      networkId: customer.session.networkId,
      item_id: itemId,
      document_ids: [document.id],
    }),
  );
  return answer.submission;
}

/** Runs the command with its arguments and typed lines; answers the exit code, what it wrote and mailed. */
async function run(networkId: number, args: string[], typed: string[] = []) {
  const app = testApp.current;
  const network = app.deps.networks.byId(networkId);
  if (!network) throw new Error(`no network ${networkId}`);
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    delivery: 'outbox',
    sendMail: async (message) => {
      mails.push(message);
      return { messageId: String(mails.length), accepted: [String(message.to)] };
    },
    close: () => undefined,
  };
  const input = new PassThrough();
  input.end(typed.map((line) => `${line}\n`).join(''));
  let written = '';
  const options = parseReviewArguments(args);
  if (!options) throw new Error('bad arguments');
  const code = await runReviewCommand(
    (reviewer, action) =>
      performReviewAction(
        {
          db: app.deps.db,
          network,
          now: app.clock.now(),
          mailer,
          logger: app.deps.logger,
          storage: documentStorageOf(app.deps),
        },
        { reviewer, action },
      ),
    { input, output: { write: (text: string) => (written += text) } },
    options,
    'camille',
  );
  return { code, written, mails };
}

describe('npm run documents:review (decision 0033)', () => {
  it('DOC-03 lists the requests waiting on the network, and accepts one: its documents validated, the traveller emailed', async () => {
    const customer = await signIn(LUMIERE_ID, 'fr');
    const request = await requestFor(customer, 3101, 1);
    const elsewhere = await requestFor(await signIn(LAKESIDE_ID, 'en'), 3301, 1);

    const listed = await run(LUMIERE_ID, ['--list']);
    expect(listed.code).toBe(0);
    expect(listed.written).toContain(`request ${request.id} · PENDING · Abonnement mensuel Étudiant`);
    expect(listed.written).not.toContain(`request ${elsewhere.id} `);

    const accepted = await run(LUMIERE_ID, ['--accept', String(request.id), '--expires', '2027-08-31']);
    expect(accepted.code).toBe(0);
    expect(accepted.written).toContain(`request ${request.id} is ACCEPTED`);
    const [document] = await testApp.current.deps.db
      .select()
      .from(documents)
      .where(eq(documents.id, request.documents[0]?.id ?? 0));
    expect(document?.status).toBe('VALIDATED');
    // The end of 31 August on Lumière's calendar (Paris, summer time).
    expect(document?.expiresAt?.toISOString()).toBe('2027-08-31T21:59:59.999Z');
    const events = await testApp.current.deps.db
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.submissionId, request.id));
    expect(events.map((event) => [event.event, event.actor])).toEqual([
      ['CREATE', 'customer'],
      ['OPEN', 'staff:camille'],
      ['ACCEPT', 'staff:camille'],
    ]);
    expect(accepted.mails).toHaveLength(1);
    expect(accepted.mails[0]?.subject).toBe('Lumière Mobilités\u202f: vos justificatifs sont acceptés');
    expect(accepted.mails[0]?.text).toContain('/products/3101');

    const again = await run(LUMIERE_ID, ['--refuse', String(request.id), '--reason', 'Too late']);
    expect(again.code).toBe(1);
    expect(again.written).toContain('SUBMISSION_TRANSITION_NOT_ALLOWED');
    expect(again.mails).toEqual([]);
    expect((await run(LUMIERE_ID, ['--accept', String(elsewhere.id)])).code).toBe(1);
  });

  it('DOC-03 refuses with the reviewer’s reason, which the traveller reads in their language', async () => {
    const customer = await signIn(LAKESIDE_ID, 'en');
    const request = await requestFor(customer, 3301, 1);
    const refused = await run(LAKESIDE_ID, [
      '--refuse',
      String(request.id),
      '--reason',
      'The card expired in June',
    ]);
    expect(refused.code).toBe(0);
    expect(refused.mails[0]?.subject).toMatch(/your documents were not accepted$/);
    expect(refused.mails[0]?.text).toContain('The card expired in June');
    const [document] = await testApp.current.deps.db
      .select()
      .from(documents)
      .where(eq(documents.id, request.documents[0]?.id ?? 0));
    expect([document?.status, document?.refusalReason]).toEqual(['REFUSED', 'The card expired in June']);
  });

  it('asks for more at the prompt, and says how to use it when the arguments are wrong', async () => {
    const customer = await signIn(LAKESIDE_ID, 'en');
    const request = await requestFor(customer, 3302, 2);
    const asked = await run(LAKESIDE_ID, [], [String(request.id), 'o', '1', 'm', 'Both sides, please', 'q']);
    expect(asked.code).toBe(0);
    expect(asked.written).toMatch(/written to .*document-review-.*\.png/);
    expect(asked.written).toContain(`request ${request.id} is TO_COMPLETE`);
    expect(asked.mails[0]?.text).toContain('Both sides, please');
    expect(asked.mails[0]?.text).toContain('/documents/submissions');

    expect((await run(LAKESIDE_ID, ['--refuse', String(request.id)])).code).toBe(2);
    expect((await run(LAKESIDE_ID, ['--accept', 'x'])).code).toBe(2);
    expect((await run(LAKESIDE_ID, ['--accept', String(request.id), '--expires', '31/08/2027'])).code).toBe(
      2,
    );
  });

  it('opens only a file that passes the security check again: one kept before the check grew stricter is not written out', async () => {
    const customer = await signIn(LAKESIDE_ID, 'en');
    const pdf = async (link: boolean) => {
      const document = await PDFDocument.create();
      document.addPage([200, 200]).drawText('Senior card', { x: 20, y: 100 });
      if (link) {
        const annotation = document.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [10, 10, 100, 30],
          A: { S: 'URI', URI: PDFString.of('https://evil.example/') },
        });
        document
          .getPage(0)
          .node.set(PDFName.of('Annots'), document.context.obj([document.context.register(annotation)]));
      }
      return new Uint8Array(await document.save());
    };
    const request = await requestFor(customer, 3302, 2, new File([await pdf(false)], 'card.pdf'));
    const opened = await run(LAKESIDE_ID, [], [String(request.id), 'o', '1', 'b', 'q']);
    const path = /written to (\S+\.pdf)/.exec(opened.written)?.[1];
    expect(path, opened.written).toBeDefined();
    expect((await readFile(path ?? '')).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The same document as an upload kept it before links were refused.
    const [row] = await testApp.current.deps.db
      .select({ storageKey: documents.storageKey })
      .from(documents)
      .where(eq(documents.id, request.documents[0]?.id ?? 0));
    const storage = documentStorageOf(testApp.current.deps);
    await storage.delete(row?.storageKey ?? '');
    await storage.put(row?.storageKey ?? '', {
      bytes: await pdf(true),
      contentType: 'application/pdf',
    });
    const refused = await run(LAKESIDE_ID, [], [String(request.id), 'o', '1', 'b', 'q']);
    expect(refused.written).not.toContain('written to');
    expect(refused.written).toContain(
      'not opened: the file fails the security check (DOCUMENT_EXTERNAL_LINK); refuse the request or ask for another file',
    );
  });
});
