// The documents' expiry (decision 0033): a validated document is reminded to its traveller 30 days
// before it ends, once, and marked EXPIRED when it ends, with an email each time. Both are guarded
// updates, so a retried sweep or two replicas at once send one email per document.
import { DOCUMENT_EXPIRY_REMINDER_DAYS } from '@transit-shop/sdk/constants';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { type DocumentRow, documents } from '../../../db/schema/documents.ts';
import { users } from '../../../db/schema/users.ts';
import type { Logger } from '../../../logger.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { type DocumentNotice, documentNoticeEmail } from '../../../mail/templates/document-emails.ts';
import type { NetworkDirectory } from '../../../tenants/network-directory.ts';
import { emailLocale } from '../../../tenants/network-locale.ts';
import { documentTypeName } from '../document-context.ts';
import { applyDocumentTransition } from '../document-transitions.ts';

export type ExpiryDeps = {
  db: Database;
  now: Date;
  networks: Pick<NetworkDirectory, 'byId'>;
  mailer: Mailer;
  logger: Logger;
  shopPort?: number | undefined;
};

const DAY_MS = 24 * 60 * 60 * 1000;

async function tell(
  deps: ExpiryDeps,
  document: DocumentRow,
  kind: 'EXPIRES_SOON' | 'EXPIRED',
): Promise<void> {
  const network = deps.networks.byId(document.networkId);
  const [account] = await deps.db.select().from(users).where(eq(users.id, document.accountId));
  const to = account?.contactEmail ?? account?.email;
  if (!network || !account || !to) return;
  const locale = emailLocale(network, account.locale);
  const documentName = documentTypeName({ network, locale }, document.documentTypeId);
  const notice: DocumentNotice =
    kind === 'EXPIRED'
      ? { kind, documentName }
      : { kind, documentName, expiresAt: document.expiresAt ?? deps.now };
  try {
    await deps.mailer.sendMail(
      documentNoticeEmail({
        network,
        locale,
        shopPort: deps.shopPort,
        to,
        firstName: account.firstName,
        notice,
      }),
    );
  } catch (error) {
    deps.logger.error({ err: error, documentId: document.id }, 'a document expiry email could not be sent');
  }
}

/** Sends the reminders due and expires the documents that ended; answers how many of each. */
export async function expireDueDocuments(deps: ExpiryDeps): Promise<{ reminded: number; expired: number }> {
  const soon = new Date(deps.now.getTime() + DOCUMENT_EXPIRY_REMINDER_DAYS * DAY_MS);
  const reminded = await deps.db
    .update(documents)
    .set({ expiryReminderSentAt: deps.now })
    .where(
      and(
        eq(documents.status, 'VALIDATED'),
        isNull(documents.expiryReminderSentAt),
        gt(documents.expiresAt, deps.now),
        lte(documents.expiresAt, soon),
      ),
    )
    .returning();
  for (const document of reminded) await tell(deps, document, 'EXPIRES_SOON');

  const ended = await deps.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.status, 'VALIDATED'), lte(documents.expiresAt, deps.now)));
  let expired = 0;
  for (const { id } of ended) {
    const document = await deps.db
      .transaction((tx) =>
        applyDocumentTransition(tx, { documentId: id, event: 'EXPIRE', actor: 'expiry', now: deps.now }),
      )
      .catch((error: unknown) => {
        // Another sweep expired it first.
        if ((error as { code?: string }).code === 'DOCUMENT_TRANSITION_NOT_ALLOWED') return null;
        throw error;
      });
    if (!document) continue;
    expired += 1;
    await tell(deps, document, 'EXPIRED');
  }
  if (reminded.length + expired > 0) {
    deps.logger.info({ reminded: reminded.length, expired }, 'documents reminded and expired');
  }
  return { reminded: reminded.length, expired };
}
