import {
  DOCUMENT_EVENTS,
  DOCUMENT_STATUSES,
  DOCUMENT_TRANSITIONS,
  type DocumentStatus,
  SUBMISSION_EVENTS,
  SUBMISSION_STATUSES,
  SUBMISSION_TRANSITIONS,
  type SubmissionStatus,
} from '@transit-shop/sdk/documents/document-states';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentEvents, documentSubmissions, documents } from '../../db/schema/documents.ts';
import { insertTestUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { applyDocumentTransition, applySubmissionTransition } from './document-transitions.ts';

const testApp = useTestApp();

async function holder() {
  const { deps, clock } = testApp.current;
  return insertTestUser(deps.db, clock, { locale: 'en' });
}

async function documentIn(status: DocumentStatus, userId?: number, documentTypeId = 2) {
  const { deps, clock } = testApp.current;
  const owner = userId ?? (await holder()).id;
  const now = clock.now();
  const [row] = await deps.db
    .insert(documents)
    .values({
      networkId: LUMIERE_ID,
      accountId: owner,
      userId: owner,
      documentTypeId,
      status,
      contentType: 'image/png',
      size: 10,
      sha256: '0'.repeat(64),
      fileName: 'id.png',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('no document');
  return row;
}

async function submissionIn(status: SubmissionStatus) {
  const { deps, clock } = testApp.current;
  const owner = (await holder()).id;
  const now = clock.now();
  const [row] = await deps.db
    .insert(documentSubmissions)
    .values({
      networkId: LUMIERE_ID,
      accountId: owner,
      userId: owner,
      itemId: 2100,
      status,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('no submission');
  return row;
}

const codeOf = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => null,
    (reason: unknown) => reason,
  );
  return error instanceof AppError ? error.code : error;
};

const eventsOf = (column: 'document' | 'submission', id: number) =>
  testApp.current.deps.db
    .select()
    .from(documentEvents)
    .where(eq(column === 'document' ? documentEvents.documentId : documentEvents.submissionId, id));

describe('the one writer of document statuses', () => {
  it('writes each change the state chart allows with its event, and refuses every other with its code', async () => {
    const now = testApp.current.clock.now();
    for (const from of DOCUMENT_STATUSES) {
      for (const event of DOCUMENT_EVENTS) {
        const document = await documentIn(from);
        const to = DOCUMENT_TRANSITIONS[from][event];
        const attempt = applyDocumentTransition(testApp.current.deps.db, {
          documentId: document.id,
          event,
          actor: 'staff:ana',
          reason: event === 'REFUSE' ? 'blurred' : null,
          now,
        });
        if (to) {
          expect((await attempt).status, `${from} ${event}`).toBe(to);
          expect(
            (await eventsOf('document', document.id)).map((row) => [
              row.event,
              row.fromStatus,
              row.toStatus,
              row.actor,
            ]),
          ).toEqual([[event, from, to, 'staff:ana']]);
        } else {
          expect(await codeOf(attempt), `${from} ${event}`).toBe('DOCUMENT_TRANSITION_NOT_ALLOWED');
          expect(await eventsOf('document', document.id)).toEqual([]);
        }
      }
    }
  });

  it('marks the traveller’s older validated document of the same type as modified when a new one is validated', async () => {
    const owner = (await holder()).id;
    const older = await documentIn('VALIDATED', owner);
    const otherType = await documentIn('VALIDATED', owner, 3);
    const newer = await documentIn('PENDING', owner);
    const now = testApp.current.clock.now();
    await applyDocumentTransition(testApp.current.deps.db, {
      documentId: newer.id,
      event: 'ACCEPT',
      actor: 'provider:1',
      now,
    });
    const statusOf = async (id: number) =>
      (await testApp.current.deps.db.select().from(documents).where(eq(documents.id, id)))[0]?.status;
    expect(await statusOf(newer.id)).toBe('VALIDATED');
    expect(await statusOf(older.id)).toBe('MODIFIED');
    expect(await statusOf(otherType.id)).toBe('VALIDATED');
    expect((await eventsOf('document', older.id)).map((row) => row.event)).toEqual(['REPLACE']);
  });

  it('gives two decisions taken at once on a pending document exactly one outcome', async () => {
    const document = await documentIn('PENDING');
    const now = testApp.current.clock.now();
    const decide = (event: 'ACCEPT' | 'REFUSE') =>
      testApp.current.deps.db.transaction((tx) =>
        applyDocumentTransition(tx, { documentId: document.id, event, actor: 'staff:ana', now }),
      );
    const outcomes = await Promise.allSettled([decide('ACCEPT'), decide('REFUSE')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(failure && (failure.reason as AppError).code).toBe('DOCUMENT_TRANSITION_NOT_ALLOWED');
    expect(await eventsOf('document', document.id)).toHaveLength(1);
  });
});

describe('the one writer of validation request statuses', () => {
  it('writes each change the state chart allows with its event, and refuses every other with its code', async () => {
    const now = testApp.current.clock.now();
    for (const from of SUBMISSION_STATUSES) {
      for (const event of SUBMISSION_EVENTS) {
        const submission = await submissionIn(from);
        const to = SUBMISSION_TRANSITIONS[from][event];
        const attempt = applySubmissionTransition(testApp.current.deps.db, {
          submissionId: submission.id,
          event,
          actor: 'customer',
          message: 'a note',
          now,
        });
        if (to) {
          expect((await attempt).status, `${from} ${event}`).toBe(to);
          expect(
            (await eventsOf('submission', submission.id)).map((row) => [
              row.event,
              row.fromStatus,
              row.toStatus,
            ]),
          ).toEqual([[event, from, to]]);
        } else {
          expect(await codeOf(attempt), `${from} ${event}`).toBe('SUBMISSION_TRANSITION_NOT_ALLOWED');
          expect(await eventsOf('submission', submission.id)).toEqual([]);
        }
      }
    }
  });

  it('answers SUBMISSION_NOT_FOUND and DOCUMENT_NOT_FOUND for rows that do not exist', async () => {
    const { db, clock } = { db: testApp.current.deps.db, clock: testApp.current.clock };
    expect(
      await codeOf(
        applySubmissionTransition(db, {
          submissionId: 999_999,
          event: 'CANCEL',
          actor: 'customer',
          now: clock.now(),
        }),
      ),
    ).toBe('SUBMISSION_NOT_FOUND');
    expect(
      await codeOf(
        applyDocumentTransition(db, {
          documentId: 999_999,
          event: 'DELETE',
          actor: 'customer',
          now: clock.now(),
        }),
      ),
    ).toBe('DOCUMENT_NOT_FOUND');
  });
});
