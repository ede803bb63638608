import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../clock.ts';
import { documents } from '../../../db/schema/documents.ts';
import type { MailMessage } from '../../../mail/mail-message.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { insertTestUser } from '../../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp } from '../../../test-support/test-app.ts';
import { expireDueDocuments } from './expire-documents.ts';

const testApp = useTestApp();

function recordingMailer(): { mailer: Mailer; mails: MailMessage[] } {
  const mails: MailMessage[] = [];
  return {
    mails,
    mailer: {
      delivery: 'outbox',
      sendMail: async (message) => {
        mails.push(message);
        return { messageId: String(mails.length), accepted: [String(message.to)] };
      },
      close: () => undefined,
    },
  };
}

async function documentEnding(expiresAt: Date, status: 'VALIDATED' | 'REFUSED' = 'VALIDATED') {
  const { db, clock } = { db: testApp.current.deps.db, clock: testApp.current.clock };
  const holder = await insertTestUser(db, clock, { locale: 'en' });
  const now = clock.now();
  const [row] = await db
    .insert(documents)
    .values({
      networkId: LUMIERE_ID,
      accountId: holder.id,
      userId: holder.id,
      documentTypeId: 2,
      status,
      startingAt: now,
      expiresAt,
      contentType: 'image/png',
      size: 10,
      sha256: '0'.repeat(64),
      fileName: 'id.png',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('no document');
  return { holder, document: row };
}

const statusOf = async (id: number) =>
  (await testApp.current.deps.db.select().from(documents).where(eq(documents.id, id)))[0]?.status;

describe('the documents’ expiry (decision 0033)', () => {
  it('DOC-02 reminds the traveller once 30 days before a document ends, then expires it once when it ends', async () => {
    const app = testApp.current;
    const start = app.clock.now();
    const { holder, document } = await documentEnding(addDays(start, 40));
    const refused = await documentEnding(addDays(start, 10), 'REFUSED');
    const sweep = async (now: Date) => {
      const { mailer, mails } = recordingMailer();
      const counts = await expireDueDocuments({
        db: app.deps.db,
        now,
        networks: app.deps.networks,
        mailer,
        logger: app.deps.logger,
      });
      return { ...counts, mails: mails.filter((mail) => mail.to === holder.email) };
    };

    expect((await sweep(addDays(start, 9))).mails).toEqual([]);
    const reminder = await sweep(addDays(start, 11));
    expect(reminder.mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/a document expires on .*2027|a document expires on/),
    ]);
    expect(reminder.mails[0]?.text).toContain('Proof of age');
    expect((await sweep(addDays(start, 12))).mails).toEqual([]);
    expect(await statusOf(document.id)).toBe('VALIDATED');

    const ending = await sweep(addDays(start, 40));
    expect(ending.mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/a document has expired$/),
    ]);
    expect(await statusOf(document.id)).toBe('EXPIRED');
    expect((await sweep(addDays(start, 41))).mails).toEqual([]);
    expect(await statusOf(refused.document.id)).toBe('REFUSED');
  });
});
