// Fetches a legal text of the network (Terms/* calls), sanitised by the tenant service.

import { queryOptions } from '@tanstack/react-query';
import { envelopeSchema, type LegalDocumentKind, legalDocumentSchema } from '@transit-shop/sdk';
import type { Locale } from '@transit-shop/sdk/locales';

const CALLS: Record<LegalDocumentKind, string> = {
  legalNotices: 'Terms/getLegalNotice.json',
  privacyPolicy: 'Terms/getPrivacyPolicy.json',
  termsOfUse: 'Terms/getTermsOfUse.json',
};

const responseSchema = envelopeSchema(legalDocumentSchema);

export async function getLegalDocument(
  apiBase: string,
  kind: LegalDocumentKind,
  networkId: number,
  locale: Locale,
) {
  const response = await fetch(`${apiBase}/${CALLS[kind]}?networkId=${networkId}&lang=${locale}`, {
    headers: { accept: 'application/json' },
  });
  const body = responseSchema.parse(await response.json());
  if (body.status === 'ko')
    throw Object.assign(new Error(body.response.error.message), { status: response.status });
  return body.response;
}

export const getLegalDocumentQueryOptions = (
  apiBase: string,
  kind: LegalDocumentKind,
  networkId: number,
  locale: Locale,
) =>
  queryOptions({
    queryKey: ['legal', kind, networkId, locale],
    queryFn: () => getLegalDocument(apiBase, kind, networkId, locale),
    staleTime: 5 * 60 * 1000,
  });
