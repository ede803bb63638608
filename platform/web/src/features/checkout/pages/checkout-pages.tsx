// The checkout's pages under /cart (spec 01 §2): invite-login (customer info), invoice-email,
// shipping-address, collect and checkout (payment and its result). One checkout machine runs
// while the buyer goes from one to the next; the address follows the machine's step (a direct
// visit of another step is sent to the one the machine is at). Back from the payment provider
// (`?checkout=…&status=…`), the attempt kept in session storage is restored and the server asked
// for the outcome (decision 0018). The route's loader has already checked ROUTE-04.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SavedPaymentMethod } from '@transit-shop/flows/checkout/checkout.machine';
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useLocale, useLocalePath } from '../../../components/locale-link.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useCartRuntime, WithCart } from '../../../lib/cart/use-cart.tsx';
import { useUser } from '../../../lib/session/get-user.ts';
import { redirectQuery } from '../../../lib/session/redirect-target.ts';
import { settle } from '../../../lib/session/session-runtime.ts';
import { useSessionRuntime, WithSession } from '../../../lib/session/use-session.tsx';
import { useSavedMethods } from '../api/get-saved-methods.ts';
import {
  checkoutCartOf,
  checkoutNetworkOf,
  checkoutViewerOf,
  createCheckoutMachine,
  forgetSavedCheckout,
  providerPage,
  readSavedCheckout,
  type SlotPlaces,
  savedMethodsOwnerOf,
} from '../checkout-runtime.ts';
import { type CheckoutStep, checkoutStepOf, checkoutStepPath } from '../checkout-steps.ts';
import { CollectStep } from '../components/collect-step.tsx';
import { CustomerInfoStep } from '../components/customer-info-step.tsx';
import { InvoiceEmailStep } from '../components/invoice-email-step.tsx';
import { PaymentStep } from '../components/payment-step.tsx';
import { ShippingAddressStep } from '../components/shipping-address-step.tsx';
import { CheckoutProvider } from '../hooks/use-checkout.tsx';

const TITLES = {
  'invite-login': 'checkout.steps.inviteLogin',
  'invoice-email': 'checkout.steps.invoiceEmail',
  'shipping-address': 'checkout.steps.shippingAddress',
  collect: 'checkout.steps.collect',
  checkout: 'checkout.steps.payment',
} as const satisfies Record<CheckoutStep, string>;

function sessionStorageOrNone(): Storage {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage refused: nothing survives the redirect, the server still has the order.
    const none = new Map<string, string>();
    return {
      getItem: (key: string) => none.get(key) ?? null,
      setItem: (key: string, value: string) => none.set(key, value),
      removeItem: (key: string) => none.delete(key),
    } as unknown as Storage;
  }
}

function Checkout({
  step,
  savedMethods,
}: {
  step: CheckoutStep;
  savedMethods: readonly SavedPaymentMethod[];
}) {
  const { t } = useTranslation();
  const session = useSessionRuntime();
  const cart = useCartRuntime();
  const { network } = useBootstrap();
  const locale = useLocale();
  const toPath = useLocalePath();
  const navigate = useNavigate();
  const location = useLocation();
  const status = useSelector(session.actor, sessionStatusOf);

  // Read once: the provider's return address and the attempt it left.
  const [setup] = useState(() => {
    const query = new URLSearchParams(location.search);
    const storage = sessionStorageOrNone();
    const returned = query.has('checkout')
      ? { checkout: query.get('checkout'), status: query.get('status') }
      : null;
    const places: SlotPlaces = new Map();
    const machine = createCheckoutMachine({
      client: session.client,
      getSession: () => session.actor.getSnapshot().context.ticket ?? undefined,
      ensureSession: async () => {
        if (session.actor.getSnapshot().context.ticket) return;
        const after = await settle(session, { type: 'START_GUEST' });
        if (!after.context.ticket) throw after.context.error ?? new Error('no session');
      },
      locale,
      returnPath: toPath(checkoutStepPath('checkout')),
      storage,
      leave: (url) => providerPage.open(url),
      places,
    });
    return { machine, places, storage, returned };
  });
  const user = useUser();
  const actor = useActorRef(setup.machine, {
    input: {
      network: checkoutNetworkOf(network),
      viewer: checkoutViewerOf(status, user.data ?? null, network.authenticationProviders, savedMethods),
      cart: checkoutCartOf(cart.actor.getSnapshot()),
      ...(setup.returned ? { saved: readSavedCheckout(setup.storage) } : {}),
    },
  });

  // Back from the provider: the server's word on the order kept (PAY-03).
  const returnSent = useRef(false);
  useEffect(() => {
    if (!setup.returned || returnSent.current) return;
    returnSent.current = true;
    actor.send({ type: 'PROVIDER_RETURNED', ...setup.returned });
  }, [actor, setup.returned]);

  // A taken order (confirmed, or a SEPA debit on its way): the attempt and the cart are done with.
  useEffect(() => {
    let done = false;
    const subscription = actor.subscribe((snapshot) => {
      if (done || !(snapshot.matches('confirmed') || snapshot.matches('pending'))) return;
      done = true;
      forgetSavedCheckout(setup.storage);
      cart.actor.send({ type: 'CLEAR' });
    });
    return () => subscription.unsubscribe();
  }, [actor, cart.actor, setup.storage]);

  // The address follows the machine; log in, sign up and finalize come back to the checkout.
  const wanted = useSelector(actor, checkoutStepOf);
  const authPage = useSelector(actor, (snapshot) =>
    snapshot.matches('finalizingAccount') ? 'finalize' : snapshot.context.authPage,
  );
  // Only a change of step navigates (toPath and navigate stay the same between renders): a
  // navigation started again on every render while the step's loader runs would cancel it each time.
  useEffect(() => {
    if (wanted === null) {
      const back = redirectQuery(toPath(checkoutStepPath('checkout')));
      const page =
        authPage === 'register'
          ? paths.authRegister
          : authPage === 'finalize'
            ? paths.authFinalize
            : paths.authLogin;
      navigate(`${toPath(page)}${back}`);
      return;
    }
    if (wanted !== step) navigate(toPath(checkoutStepPath(wanted)), { replace: true });
  }, [wanted, step, authPage, navigate, toPath]);

  const shown = wanted ?? step;
  const title = t(TITLES[shown]);
  usePageTitle(title);
  return (
    <CheckoutProvider value={{ actor, places: setup.places }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {shown === 'invite-login' ? <CustomerInfoStep /> : null}
      {shown === 'invoice-email' ? <InvoiceEmailStep /> : null}
      {shown === 'shipping-address' ? <ShippingAddressStep /> : null}
      {shown === 'collect' ? <CollectStep /> : null}
      {shown === 'checkout' ? <PaymentStep /> : null}
    </CheckoutProvider>
  );
}

/**
 * The user of a signed-in session is read before the checkout starts: it decides the first step.
 * So are a customer's saved methods (PAY-01); if they cannot be read, none are offered.
 */
function CheckoutWhenReady({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation();
  const session = useSessionRuntime();
  const status = useSelector(session.actor, sessionStatusOf);
  const user = useUser();
  const savedMethods = useSavedMethods(savedMethodsOwnerOf(status, user.data ?? null));
  if (status === 'loggedIn' && !user.data) {
    return user.isError ? (
      <FailureAlert failure={user.error} />
    ) : (
      <LinearProgress aria-label={t('common.loading')} />
    );
  }
  if (savedMethods.isLoading) return <LinearProgress aria-label={t('common.loading')} />;
  return <Checkout step={step} savedMethods={savedMethods.data ?? []} />;
}

export default function CheckoutPages({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation();
  return (
    <Box component="section" sx={{ maxWidth: 760, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
      <WithSession>
        <WithCart fallback={<LinearProgress aria-label={t('common.loading')} />}>
          <CheckoutWhenReady step={step} />
        </WithCart>
      </WithSession>
    </Box>
  );
}
