// What the product page knows of the documents an item requires for the chosen traveller (CHK-08;
// decision 0033): the traveller's documents, the request being checked for the item, and whether
// they cover the item by the sdk's one rule, which the server applies again at checkout.
import { useQuery } from '@tanstack/react-query';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import { documentsCoverage } from '@transit-shop/sdk/documents/document-eligibility';
import { submissionGroup } from '@transit-shop/sdk/documents/document-states';
import { useApiClient } from '../../../lib/api-client.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import {
  submissionsQueryOptions,
  travellerDocumentsQueryOptions,
} from '../../../lib/documents/documents-api.ts';
import { useLocale } from '../../../lib/use-locale.ts';

export function useRequiredDocuments(
  item: Pick<ShopItem, 'shopItemId' | 'requiredDocuments'>,
  traveller: { accountId: number; travellerId: number } | null,
) {
  const client = useApiClient();
  const locale = useLocale();
  const { network } = useBootstrap();
  const asks = item.requiredDocuments.length > 0 && traveller !== null;
  const documents = useQuery({
    ...travellerDocumentsQueryOptions(client, traveller?.travellerId ?? 0, locale),
    enabled: asks,
  });
  const submissions = useQuery({
    ...submissionsQueryOptions(client, traveller?.accountId ?? 0, locale),
    enabled: asks,
  });
  const request =
    submissions.data?.current.find(
      (submission) =>
        submission.item_id === item.shopItemId &&
        submission.user_id === traveller?.travellerId &&
        submissionGroup(submission.status) === 'CURRENT',
    ) ?? null;
  const inRequest = new Set(request?.documents.map((document) => document.id) ?? []);
  const coverage = documentsCoverage({
    requiredTypeIds: item.requiredDocuments,
    documents: (documents.data ?? []).map((document) => ({
      ...document,
      submissionStatus: inRequest.has(document.id) ? (request?.status ?? null) : null,
    })),
    allowPurchaseWhilePending: network.configuration.documents.allowPurchaseWhilePending,
    now: new Date(),
  });
  return {
    asks,
    documents: documents.data ?? [],
    request,
    coverage,
    pending: asks && (documents.isPending || submissions.isPending),
    failure: documents.error ?? submissions.error,
  };
}

export type RequiredDocuments = ReturnType<typeof useRequiredDocuments>;
