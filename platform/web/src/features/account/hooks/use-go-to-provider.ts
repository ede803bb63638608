// Sends the browser to a provider's sign-in page to link an identity to the account or replace it
// (decision 0044): the attempt is opened by the ticket API, the provider comes back to the page of
// the purpose. Once the attempt is open the browser is leaving: the buttons stay disabled.
import { useMutation } from '@tanstack/react-query';
import type { ProviderReturnPurpose } from '@transit-shop/sdk/contract/authentication';
import { useApiClient } from '../../../lib/api-client.ts';
import { goToProvider } from '../../../lib/identity/provider-redirect.ts';
import { providerPage } from '../../../lib/provider-page.ts';
import { useLocale } from '../../../lib/use-locale.ts';

export type AccountProviderTrip = {
  providerId: number;
  purpose: Extract<ProviderReturnPurpose, 'link' | 'replace'>;
};

export function useGoToProvider() {
  const client = useApiClient();
  const locale = useLocale();
  const trip = useMutation({
    mutationFn: ({ providerId, purpose }: AccountProviderTrip) =>
      goToProvider(client, { providerId, purpose, locale }, (url) => providerPage.open(url)),
  });
  return { ...trip, leaving: trip.isPending || trip.isSuccess };
}
