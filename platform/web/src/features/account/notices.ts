// What a traveller page tells the account page it comes back to (in the history entry's state),
// announced there in the travellers' status region.
import type { TFunction } from 'i18next';

export type AccountNotice = { kind: 'travellerAdded' | 'travellerSaved'; name: string };

export function noticeText(t: TFunction, notice: AccountNotice): string {
  return t(`account.travellers.${notice.kind}`, { name: notice.name });
}
