import { randomUUID } from 'node:crypto';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { DOCUMENTS_PER_ACCOUNT_MAX } from '@transit-shop/sdk/constants';
import { CHECKOUT_CALLS } from '@transit-shop/sdk/contract/checkout';
import {
  DOCUMENT_CALLS,
  type DocumentSubmission,
  type DocumentUploadAnswer,
  type UserDocument,
} from '@transit-shop/sdk/contract/documents';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentEvents, documents } from '../../db/schema/documents.ts';
import type { NewUserRow } from '../../db/schema/users.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { insertTestUser, signedInUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, type TestApp, useTestApp } from '../../test-support/test-app.ts';
import { demoQualificationProvider } from './demo-qualification-provider.ts';
import { applyDocumentTransition, applySubmissionTransition } from './document-transitions.ts';

const LAKESIDE_ID = 103;
const STUDENT_CARD = 1;
const PROOF_OF_AGE = 2;
const STUDENT_MONTHLY = 3101;
const SENIOR_MONTHLY = 3102;
const LAKESIDE_SENIOR_MONTHLY = 3302;
const testApp = useTestApp();

type Customer = Awaited<ReturnType<typeof signIn>>;
const app = (): TestApp => testApp.current;
const signIn = (networkId = LUMIERE_ID, user: Partial<NewUserRow> = {}) =>
  signedInUser({
    db: app().deps.db,
    clock: app().clock,
    policy: app().deps.sessionPolicy,
    networkId,
    user: { verifiedAt: app().clock.now(), ...user },
  });

let pictures = 0;
/** A small PNG of its own, named as a phone would. */
async function studentCardPng(name = 'carte-etudiant.png'): Promise<File> {
  pictures += 1;
  const bytes = await sharp({
    create: { width: 32, height: 20, channels: 3, background: { r: pictures % 256, g: 80, b: 160 } },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/** A student card as a PDF whose page links to a web address (decision 0040). */
async function linkedPdf(): Promise<File> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  const link = pdf.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [10, 10, 100, 30],
    A: { S: 'URI', URI: PDFString.of('https://evil.example/') },
  });
  pdf.getPage(0).node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(link)]));
  return new File([await pdf.save()], 'carte.pdf', { type: 'application/pdf' });
}

function upload(
  customer: Customer,
  file: Blob,
  documentTypeId = STUDENT_CARD,
  extra: Record<string, unknown> = {},
) {
  return app().call(
    DOCUMENT_CALLS.createDocument,
    { userToken: customer.token, userId: customer.user.id, paperworkTypeId: documentTypeId, file, ...extra },
    { networkId: extra.networkId === undefined ? customer.session.networkId : (extra.networkId as number) },
  );
}

async function uploaded(
  customer: Customer,
  documentTypeId = STUDENT_CARD,
  extra: Record<string, unknown> = {},
) {
  return okOf<DocumentUploadAnswer>(await upload(customer, await studentCardPng(), documentTypeId, extra));
}

const documentsOf = async (customer: Customer, networkId = customer.session.networkId) =>
  (
    await okOf<{ documents: UserDocument[] }>(
      await app().call(DOCUMENT_CALLS.getDocuments, {
        userToken: customer.token,
        userId: customer.user.id,
        networkId,
      }),
    )
  ).documents;

const submit = (customer: Customer, itemId: number, documentIds: number[], userId = customer.user.id) =>
  app().call(DOCUMENT_CALLS.createDocumentsSubmission, {
    userToken: customer.token,
    userId,
    networkId: customer.session.networkId,
    item_id: itemId,
    document_ids: documentIds,
  });

const submitted = async (customer: Customer, itemId: number, documentIds: number[]) =>
  (await okOf<{ submission: DocumentSubmission }>(await submit(customer, itemId, documentIds))).submission;

const updateSubmission = (customer: Customer, submissionId: number, action: string, documentIds?: number[]) =>
  app().call(DOCUMENT_CALLS.updateDocumentsSubmission, {
    userToken: customer.token,
    userId: customer.user.id,
    submissionId,
    action,
    ...(documentIds ? { document_ids: documentIds } : {}),
  });

const submissionsOf = async (customer: Customer) =>
  okOf<{ current: DocumentSubmission[]; past: DocumentSubmission[] }>(
    await app().call(DOCUMENT_CALLS.getUserDocumentSubmissions, {
      userToken: customer.token,
      userId: customer.user.id,
      networkId: customer.session.networkId,
    }),
  );

/** The network's staff, straight through the one writer of statuses. */
const staff = {
  decide: (submissionId: number, event: 'ACCEPT' | 'REFUSE' | 'ASK_MORE', message?: string) =>
    app().deps.db.transaction(async (tx) => {
      const now = app().clock.now();
      await applySubmissionTransition(tx, { submissionId, event: 'OPEN', actor: 'staff:test', now });
      return applySubmissionTransition(tx, {
        submissionId,
        event,
        actor: 'staff:test',
        now,
        message: message ?? null,
      });
    }),
  validate: (documentId: number, expiresAt: Date | null = new Date('2027-08-31T22:00:00Z')) =>
    applyDocumentTransition(app().deps.db, {
      documentId,
      event: 'ACCEPT',
      actor: 'staff:test',
      now: app().clock.now(),
      expiresAt,
    }),
  refuse: (documentId: number, reason = 'The photo is blurred') =>
    applyDocumentTransition(app().deps.db, {
      documentId,
      event: 'REFUSE',
      actor: 'staff:test',
      now: app().clock.now(),
      reason,
    }),
};

describe('uploading a document (Media/uploadDocument.json, paperwork/createDocument)', () => {
  it('DOC-02 keeps a checked file as a pending document of the traveller, listed with its type’s name', async () => {
    const customer = await signIn();
    const answer = await uploaded(customer);
    expect(answer.upload_status).toBe('PENDING');
    expect(answer.document).toMatchObject({
      document_type_id: STUDENT_CARD,
      document_type_name: 'Carte étudiante ou certificat de scolarité',
      user_id: customer.user.id,
      status: 'PENDING',
      file_name: 'carte-etudiant.png',
      content_type: 'image/png',
      similar_valid: false,
      in_use: false,
    });
    expect(await documentsOf(customer)).toEqual([answer.document]);
    const [event] = await app()
      .deps.db.select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, answer.document.id));
    expect(event).toMatchObject({ event: 'UPLOAD', toStatus: 'PENDING', actor: 'customer' });

    const legacy = await okOf<DocumentUploadAnswer>(
      await app().call(DOCUMENT_CALLS.uploadDocument, {
        userToken: customer.token,
        user_id: customer.user.id,
        document: await studentCardPng('../../etc/passwd'),
        document_type: PROOF_OF_AGE,
      }),
    );
    expect(legacy.document).toMatchObject({
      document_type_id: PROOF_OF_AGE,
      file_name: 'passwd',
      status: 'PENDING',
    });
  });

  it('takes a document for one of the holder’s travellers, never for someone else', async () => {
    const customer = await signIn();
    const child = await insertTestUser(app().deps.db, app().clock, {
      email: null,
      parentUserId: customer.user.id,
    });
    const forChild = await okOf<DocumentUploadAnswer>(
      await upload(customer, await studentCardPng(), STUDENT_CARD, { userId: child.id }),
    );
    expect(forChild.document.user_id).toBe(child.id);
    const stranger = await signIn();
    const refused = await koOf(
      await upload(customer, await studentCardPng(), STUDENT_CARD, { userId: stranger.user.id }),
    );
    expect([refused.status, refused.code]).toEqual([403, 'FORBIDDEN']);
    expect(await documentsOf(stranger)).toEqual([]);
  });

  it('DOC-01 refuses a file that fails the security check with its code, and keeps nothing', async () => {
    const customer = await signIn();
    const cases: [Blob, number, string][] = [
      [await linkedPdf(), 422, 'DOCUMENT_EXTERNAL_LINK'],
      [
        new File(['<!doctype html><script>alert(1)</script>'], 'card.png', { type: 'image/png' }),
        415,
        'DOCUMENT_TYPE_NOT_ALLOWED',
      ],
      [new File([], 'empty.pdf', { type: 'application/pdf' }), 422, 'DOCUMENT_EMPTY'],
      [
        new File(
          [
            new Uint8Array([
              0,
              0,
              0,
              0x18,
              ...new TextEncoder().encode('ftypheicmif1heic'),
              ...new Uint8Array(16),
            ]),
          ],
          'IMG_0001.HEIC',
        ),
        415,
        'DOCUMENT_HEIC_NOT_SUPPORTED',
      ],
    ];
    for (const [file, status, code] of cases) {
      const refused = await koOf(await upload(customer, file));
      expect([refused.status, refused.code], code).toEqual([status, code]);
    }
    expect(await documentsOf(customer)).toEqual([]);
  });

  it('refuses a document type the network does not ask for, and an account over its quota', async () => {
    const customer = await signIn();
    const unknown = await koOf(await upload(customer, await studentCardPng(), 99));
    expect([unknown.status, unknown.code]).toEqual([404, 'DOCUMENT_TYPE_UNKNOWN']);
    const now = app().clock.now();
    await app()
      .deps.db.insert(documents)
      .values(
        Array.from({ length: DOCUMENTS_PER_ACCOUNT_MAX }, () => ({
          networkId: LUMIERE_ID,
          accountId: customer.user.id,
          userId: customer.user.id,
          documentTypeId: STUDENT_CARD,
          status: 'REFUSED' as const,
          contentType: 'image/png',
          size: 10,
          sha256: '0'.repeat(64),
          fileName: 'old.png',
          createdAt: now,
          updatedAt: now,
        })),
      );
    const full = await koOf(await upload(customer, await studentCardPng()));
    expect([full.status, full.code]).toEqual([409, 'DOCUMENT_QUOTA_EXCEEDED']);
  });

  it('DOC-02 asks the network’s register: a known student number is valid at once, a malformed one invalid', async () => {
    const deps = app().deps;
    const previous = deps.qualificationProvider;
    deps.qualificationProvider = demoQualificationProvider({ networks: deps.networks });
    try {
      const customer = await signIn();
      const provider = { qualificationProviderId: 2 };
      const valid = await uploaded(customer, STUDENT_CARD, {
        ...provider,
        qualificationProviderInput: 'LUM-ETU-2026-0003',
      });
      expect(valid.upload_status).toBe('VALID');
      expect(valid.document.status).toBe('VALIDATED');
      // Valid until the next school year starts on Lumière's calendar (1 September, Paris time).
      expect(valid.document.expires_at).toBe('2027-08-31T22:00:00.000Z');

      const invalid = await uploaded(customer, STUDENT_CARD, {
        ...provider,
        qualificationProviderInput: 'not a number',
      });
      expect(invalid.upload_status).toBe('INVALID');
      expect(invalid.document.status).toBe('REFUSED');
      expect(invalid.document.refusal_reason).toMatch(/not a student number/);
      expect(invalid.document.similar_valid).toBe(true);

      const staffDecides = await uploaded(customer, STUDENT_CARD, {
        ...provider,
        qualificationProviderInput: 'LUM-ETU-2026-9999',
      });
      expect(staffDecides.upload_status).toBe('PENDING');

      const wrongProvider = await koOf(
        await upload(customer, await studentCardPng(), STUDENT_CARD, {
          qualificationProviderId: 7,
          qualificationProviderInput: 'LUM-ETU-2026-0001',
        }),
      );
      expect([wrongProvider.status, wrongProvider.code]).toEqual([404, 'QUALIFICATION_PROVIDER_UNKNOWN']);
    } finally {
      deps.qualificationProvider = previous;
    }
  });
});

describe('validation requests (Document/*DocumentsSubmission*)', () => {
  it('DOC-03 asks for a check of one document per required type, once, and groups requests current and past', async () => {
    const customer = await signIn();
    const card = (await uploaded(customer, STUDENT_CARD)).document;
    const age = (await uploaded(customer, PROOF_OF_AGE)).document;

    const wrongType = await koOf(await submit(customer, STUDENT_MONTHLY, [age.id]));
    expect([wrongType.status, wrongType.code]).toEqual([409, 'SUBMISSION_DOCUMENTS_MISMATCH']);
    const tooMany = await koOf(await submit(customer, STUDENT_MONTHLY, [card.id, age.id]));
    expect(tooMany.code).toBe('SUBMISSION_DOCUMENTS_MISMATCH');
    const noDocuments = await koOf(await submit(customer, 2101, [card.id]));
    expect(noDocuments.code).toBe('SUBMISSION_DOCUMENTS_MISMATCH');

    const request = await submitted(customer, STUDENT_MONTHLY, [card.id]);
    expect(request).toMatchObject({
      item_id: STUDENT_MONTHLY,
      item_name: 'Abonnement mensuel Étudiant',
      status: 'PENDING',
      group: 'CURRENT',
      documents: [expect.objectContaining({ id: card.id, in_use: true })],
    });
    // DOC-04: the answer is expected within the network's two days.
    expect(Date.parse(request.expected_by) - Date.parse(request.created_at)).toBe(2 * 24 * 3_600_000);
    expect((await submitted(customer, STUDENT_MONTHLY, [card.id])).id).toBe(request.id);

    await staff.decide(request.id, 'REFUSE', 'The card is from last year');
    const lists = await submissionsOf(customer);
    expect(lists.current).toEqual([]);
    expect(lists.past).toEqual([
      expect.objectContaining({
        id: request.id,
        status: 'REFUSED',
        group: 'PAST',
        message: 'The card is from last year',
      }),
    ]);
  });

  it('DOC-03 lets the traveller cancel a pending request, complete one asked for more, and nothing else', async () => {
    const customer = await signIn();
    const first = (await uploaded(customer)).document;
    const request = await submitted(customer, STUDENT_MONTHLY, [first.id]);

    const notAskedYet = await koOf(await updateSubmission(customer, request.id, 'COMPLETE', [first.id]));
    expect([notAskedYet.status, notAskedYet.code]).toEqual([409, 'SUBMISSION_TRANSITION_NOT_ALLOWED']);

    await staff.decide(request.id, 'ASK_MORE', 'Both sides of the card, please');
    const toComplete = (await submissionsOf(customer)).current[0];
    expect(toComplete).toMatchObject({ status: 'TO_COMPLETE', message: 'Both sides of the card, please' });

    const second = (await uploaded(customer)).document;
    const completed = (
      await okOf<{ submission: DocumentSubmission }>(
        await updateSubmission(customer, request.id, 'COMPLETE', [second.id]),
      )
    ).submission;
    expect(completed.status).toBe('PENDING');
    expect(completed.documents.map((document) => document.id)).toEqual([second.id]);

    const cancelled = (
      await okOf<{ submission: DocumentSubmission }>(await updateSubmission(customer, request.id, 'CANCEL'))
    ).submission;
    expect([cancelled.status, cancelled.group]).toEqual(['CANCELLED', 'PAST']);
    const again = await koOf(await updateSubmission(customer, request.id, 'CANCEL'));
    expect([again.status, again.code]).toEqual([409, 'SUBMISSION_TRANSITION_NOT_ALLOWED']);

    const stranger = await signIn();
    const foreign = await koOf(await updateSubmission(stranger, request.id, 'CANCEL'));
    expect([foreign.status, foreign.code]).toEqual([404, 'SUBMISSION_NOT_FOUND']);
  });

  it('DOC-02 refuses a decision on a document that is no longer pending, and gives two reviewers one decision', async () => {
    const customer = await signIn();
    const document = (await uploaded(customer)).document;
    await staff.refuse(document.id);
    await expect(staff.validate(document.id)).rejects.toMatchObject({
      code: 'DOCUMENT_TRANSITION_NOT_ALLOWED',
    });

    const other = (await uploaded(customer)).document;
    const request = await submitted(customer, STUDENT_MONTHLY, [other.id]);
    const outcomes = await Promise.allSettled([
      staff.decide(request.id, 'ACCEPT'),
      staff.decide(request.id, 'REFUSE', 'No'),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { code: 'SUBMISSION_TRANSITION_NOT_ALLOWED' },
    });
  });

  it('DOC-02 marks a document replaced by a newer validated one as modified, and shows the similar valid marker', async () => {
    const customer = await signIn();
    const older = (await uploaded(customer)).document;
    await staff.validate(older.id);
    const pending = (await uploaded(customer)).document;
    expect((await documentsOf(customer)).find((document) => document.id === pending.id)?.similar_valid).toBe(
      true,
    );
    await staff.validate(pending.id);
    const listed = await documentsOf(customer);
    expect(listed.find((document) => document.id === older.id)?.status).toBe('MODIFIED');
    expect(listed.find((document) => document.id === pending.id)).toMatchObject({
      status: 'VALIDATED',
      similar_valid: false,
    });
  });
});

describe('deleting a document (Document/deleteDocument.json)', () => {
  it('keeps a document that backs a request being checked, and deletes it once the request is cancelled', async () => {
    const customer = await signIn();
    const document = (await uploaded(customer)).document;
    const request = await submitted(customer, STUDENT_MONTHLY, [document.id]);
    const remove = (who: Customer) =>
      app().call(DOCUMENT_CALLS.deleteDocument, {
        userToken: who.token,
        userId: who.user.id,
        documentId: document.id,
      });
    const inUse = await koOf(await remove(customer));
    expect([inUse.status, inUse.code]).toEqual([409, 'DOCUMENT_IN_USE']);
    const stranger = await signIn();
    expect((await koOf(await remove(stranger))).code).toBe('DOCUMENT_NOT_FOUND');

    await updateSubmission(customer, request.id, 'CANCEL');
    expect((await okOf<{ documents: UserDocument[] }>(await remove(customer))).documents).toEqual([]);
    const [row] = await app().deps.db.select().from(documents).where(eq(documents.id, document.id));
    expect([row?.status, row?.storageKey]).toEqual(['DELETED', null]);
    expect((await koOf(await remove(customer))).code).toBe('DOCUMENT_NOT_FOUND');
  });
});

describe('downloading a document (Document/fileDownloadUrl)', () => {
  const addressOf = (customer: Customer, documentId: number) =>
    app().call(DOCUMENT_CALLS.fileDownloadUrl, {
      userToken: customer.token,
      userId: customer.user.id,
      documentId,
    });
  const fetchFile = (url: string, token: string | null, networkId = LUMIERE_ID) =>
    app().app.request(url.replace(/^\/api/, ''), {
      headers: {
        'x-network-id': String(networkId),
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
    });

  it('serves the stored file as an attachment to its owner for five minutes, and to nobody else', async () => {
    const customer = await signIn();
    const document = (await uploaded(customer)).document;
    const { url, expires_at } = await okOf<{ url: string; expires_at: string }>(
      await addressOf(customer, document.id),
    );
    expect(url).toMatch(/^\/api\/documents\/files\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expires_at) - app().clock.now().getTime()).toBe(5 * 60_000);

    const served = await fetchFile(url, customer.token);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="document\.png"/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const { width } = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect(width).toBe(32);

    const stranger = await signIn();
    expect((await fetchFile(url, stranger.token)).status).toBe(404);
    expect((await fetchFile(url, null)).status).toBe(404);
    expect(
      (await fetchFile(`${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`, customer.token)).status,
    ).toBe(404);
    expect((await koOf(await addressOf(stranger, document.id))).code).toBe('DOCUMENT_NOT_FOUND');

    app().clock.advanceMinutes(5);
    expect((await fetchFile(url, customer.token)).status).toBe(404);
  });
});

describe('CHK-08 at checkout: each required document must be valid', () => {
  const placeWith = (customer: Customer, itemId: number, documentIds: number[], networkId = LUMIERE_ID) =>
    app().call(CHECKOUT_CALLS.placeOrder, {
      userToken: customer.token,
      userId: customer.user.id,
      networkId,
      articles: [
        {
          shopItemId: itemId,
          quantity: 1,
          support: 'DEMATERIALIZED',
          startMonth: '2026-12',
          documents: documentIds,
        },
      ],
      orderKey: randomUUID(),
      returnUrl: '/cart/checkout',
    });
  const refusal = async (response: Response) => {
    const error = await koOf(response);
    const issues = (error.details as { issues?: { path: string }[] } | undefined)?.issues ?? [];
    return [error.status, error.code, issues[0]?.path];
  };
  const INVALID = [409, 'INVALID_DOCUMENT', 'articles.0.documents'];

  it('CHK-08 refuses a line whose document is missing, pending, refused, expired or someone else’s', async () => {
    const customer = await signIn();
    expect(await refusal(await placeWith(customer, SENIOR_MONTHLY, []))).toEqual(INVALID);
    const pending = (await uploaded(customer, PROOF_OF_AGE)).document;
    expect(await refusal(await placeWith(customer, SENIOR_MONTHLY, [pending.id]))).toEqual(INVALID);
    const refused = (await uploaded(customer, PROOF_OF_AGE)).document;
    await staff.refuse(refused.id);
    expect(await refusal(await placeWith(customer, SENIOR_MONTHLY, [refused.id]))).toEqual(INVALID);
    const expired = (await uploaded(customer, PROOF_OF_AGE)).document;
    await staff.validate(expired.id, new Date(app().clock.now().getTime() - 1));
    expect(await refusal(await placeWith(customer, SENIOR_MONTHLY, [expired.id]))).toEqual(INVALID);

    const other = await signIn();
    const theirs = (await uploaded(other, PROOF_OF_AGE)).document;
    await staff.validate(theirs.id);
    expect(await refusal(await placeWith(customer, SENIOR_MONTHLY, [theirs.id]))).toEqual(INVALID);
  });

  it('CHK-08 accepts a validated document in force', async () => {
    const customer = await signIn();
    const document = (await uploaded(customer, PROOF_OF_AGE)).document;
    await staff.validate(document.id);
    const placed = await okOf<{ status: string }>(await placeWith(customer, SENIOR_MONTHLY, [document.id]));
    expect(placed.status).toBe('PENDING');
  });

  it('CHK-08 accepts a document being checked only where the network sells meanwhile', async () => {
    // Lumière sells while documents are checked; Lakeside does not.
    const customer = await signIn();
    const pending = (await uploaded(customer, PROOF_OF_AGE)).document;
    await submitted(customer, SENIOR_MONTHLY, [pending.id]);
    expect(
      (await okOf<{ status: string }>(await placeWith(customer, SENIOR_MONTHLY, [pending.id]))).status,
    ).toBe('PENDING');

    const lakesider = await signIn(LAKESIDE_ID);
    const waiting = (await uploaded(lakesider, PROOF_OF_AGE)).document;
    await submitted(lakesider, LAKESIDE_SENIOR_MONTHLY, [waiting.id]);
    expect(
      await refusal(await placeWith(lakesider, LAKESIDE_SENIOR_MONTHLY, [waiting.id], LAKESIDE_ID)),
    ).toEqual(INVALID);
  });
});
