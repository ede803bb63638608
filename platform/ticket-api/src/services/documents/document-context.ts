// What every documents service is given, and the rules they share: whose documents a call may
// touch (the holder's and their traveller profiles'), and the names of the network's document
// types and shop items in the asked language.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import { type LoadedNetwork, pickText } from '@transit-shop/tenancy';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

export type DocumentContext = {
  db: Database;
  network: LoadedNetwork;
  /** The signed-in account holder. */
  account: UserRow;
  now: Date;
  /** The language of the names in answers; the network's default language when left out. */
  locale?: Locale | undefined;
};

export type DocumentFilesContext = DocumentContext & { storage: FileStorage };

export const networkIdOf = (context: { network: LoadedNetwork }) => context.network.network.config.id;

const notTheAccounts = () => new AppError('FORBIDDEN', { message: 'Not one of the account’s travellers' });

/** The traveller a call names: the holder, or one of their active profiles (else FORBIDDEN). */
export async function travellerOf(context: DocumentContext, userId: number): Promise<number> {
  if (userId === context.account.id) return userId;
  const [profile] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.parentUserId, context.account.id),
        eq(users.active, true),
        ne(users.status, 'ANONYMISED'),
      ),
    )
    .limit(1);
  if (!profile) throw notTheAccounts();
  return profile.id;
}

type LocalizedText = NonNullable<Parameters<typeof pickText>[0]>;

type Naming = Pick<DocumentContext, 'network' | 'locale'>;

function textIn(context: Naming, text: LocalizedText): string {
  const fallback = context.network.network.config.defaultLanguage;
  return pickText(text, context.locale ?? fallback, fallback) ?? Object.values(text).find(Boolean) ?? '';
}

export function documentTypeOf(context: Naming, documentTypeId: number) {
  return context.network.catalogue.documentTypes.find((type) => type.id === documentTypeId);
}

export function documentTypeName(context: Naming, documentTypeId: number): string {
  const type = documentTypeOf(context, documentTypeId);
  return type ? textIn(context, type.name) : `#${documentTypeId}`;
}

export function shopItemOf(context: Naming, itemId: number) {
  return context.network.catalogue.shopItems.find((item) => item.shopItemId === itemId);
}

export function shopItemName(context: Naming, itemId: number): string {
  const item = shopItemOf(context, itemId);
  return item ? textIn(context, item.name) : `#${itemId}`;
}
