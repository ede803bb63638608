// /account/payment-cards (PM-01 to PM-03): the customer's saved cards and bank accounts, each with
// its masked number and state; one is bookmarked for the checkout, and a method with nothing left
// to charge to it is removed after a confirmation.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import { isolatedLtr, savedMethodsQueryOptions } from '../../../lib/saved-methods.ts';
import { useSessionTicket, WithSession } from '../../../lib/session/use-session.tsx';
import { requireAccountHolder } from '../account-guard.ts';
import { type PaymentMethodChangeRequest, useChangePaymentMethod } from '../api/payment-methods.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { AccountSection, SavedStatus } from '../components/account-section.tsx';
import { PaymentMethodItem } from '../components/payment-method-item.tsx';
import { RemoveMethodDialog } from '../components/remove-method-dialog.tsx';

export async function loader(args: LoaderFunctionArgs) {
  await requireAccountHolder(args);
  return null;
}

const GROUPS = [
  { kind: 'CARD', id: 'cards', title: 'account.paymentCards.cards' },
  { kind: 'TRANSFER', id: 'bank-accounts', title: 'account.paymentCards.bankAccounts' },
] as const;

function PaymentMethods({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const query = savedMethodsQueryOptions(client, userId);
  const methods = useQuery(query);
  const change = useChangePaymentMethod(userId);
  const [removing, setRemoving] = useState<SavedPaymentMethodAnswer | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);

  // The removed method's controls are gone: the keyboard goes on from the message saying so.
  useEffect(() => {
    if (removed) status.current?.focus();
  }, [removed]);

  /** Whether the change went through; a refusal is said by the alert, and the list read again. */
  const apply = async (request: PaymentMethodChangeRequest): Promise<boolean> => {
    setRemoved(null);
    try {
      await change.mutateAsync(request);
      return true;
    } catch {
      // A method locked or removed since the list was read (SAVED_METHOD_LOCKED, _NOT_FOUND).
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
      return false;
    }
  };

  const toggleBookmark = (method: SavedPaymentMethodAnswer) => {
    if (change.isPending) return;
    void apply({ change: method.isBookmarked ? 'unbookmark' : 'bookmark', method });
  };

  const confirmRemoval = async () => {
    if (!removing || change.isPending) return;
    const method = removing;
    const done = await apply({ change: 'remove', method });
    setRemoving(null);
    if (done) setRemoved(t('account.paymentCards.removed', { label: isolatedLtr(method.label) }));
  };

  if (methods.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (methods.isError) return <FailureAlert failure={methods.error} />;
  const groups = GROUPS.map((group) => ({
    ...group,
    methods: methods.data.filter((method) => method.kind === group.kind),
  })).filter((group) => group.methods.length > 0);

  return (
    <>
      <Box ref={status} tabIndex={-1}>
        <SavedStatus message={removed} />
      </Box>
      {change.isError ? <FailureAlert failure={change.error} /> : null}
      {groups.length === 0 ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('account.paymentCards.empty')}
        </Alert>
      ) : null}
      <Stack spacing={3} sx={{ mt: removed || change.isError ? 3 : 0 }}>
        {groups.map((group) => (
          <AccountSection key={group.kind} id={group.id} title={t(group.title)}>
            <List disablePadding>
              {group.methods.map((method) => (
                <PaymentMethodItem
                  key={method.id}
                  method={method}
                  onToggleBookmark={toggleBookmark}
                  onRemove={(chosen) => {
                    change.reset();
                    setRemoving(chosen);
                  }}
                />
              ))}
            </List>
          </AccountSection>
        ))}
      </Stack>
      <RemoveMethodDialog
        method={removing}
        pending={change.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemoval}
      />
    </>
  );
}

function PaymentCards() {
  const ticket = useSessionTicket();
  // The loader's guard let only a signed-in customer in.
  return ticket ? <PaymentMethods userId={ticket.userId} /> : null;
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageFrame title={t('account.paymentCards.title')} intro={t('account.paymentCards.intro')}>
      <WithSession>
        <PaymentCards />
      </WithSession>
    </AccountPageFrame>
  );
}
