// What a page of the account area tells the account page it comes back to (in the history entry's
// state), announced there in the status region of the section it concerns: a traveller added or
// saved (travellers), an identity linked or replaced (sign-in methods).
import type { TFunction } from 'i18next';

export type AccountNotice = {
  kind: 'travellerAdded' | 'travellerSaved' | 'identityLinked' | 'identityReplaced';
  name: string;
};

const KEYS = {
  travellerAdded: 'account.travellers.travellerAdded',
  travellerSaved: 'account.travellers.travellerSaved',
  identityLinked: 'account.identities.linkedNotice',
  identityReplaced: 'account.identities.replacedNotice',
} as const;

/** The section whose status region says the notice. */
export function noticeSection(notice: AccountNotice): 'travellers' | 'identities' {
  return notice.kind.startsWith('identity') ? 'identities' : 'travellers';
}

export function noticeText(t: TFunction, notice: AccountNotice): string {
  return t(KEYS[notice.kind], { name: notice.name });
}
