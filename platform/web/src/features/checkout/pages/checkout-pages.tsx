// The checkout's pages under /cart (spec 01 §2): invite-login (customer info), invoice-email,
// shipping-address, collect and checkout (payment and its result), the page of the route holding
// the steps' routes (routes.ts), which tell it the step. One checkout machine runs while the buyer
// goes from one to the next; the address follows the machine's step (a direct
// visit of another step is sent to the one the machine is at), and the focus moves to the heading
// of each new step. Back from the payment provider (`?order=…`, decision 0021), in whatever tab or
// device, the server is asked for that order's outcome; so it is for the order this tab's attempt
// or the cart remembers in flight (a reload, a page shown again from the browser's cache, another
// tab). The attempt kept in session storage is restored when it is that order's. The step's route
// loader has already checked ROUTE-04.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { restoreCheckout, type SavedPaymentMethod } from '@transit-shop/flows/checkout/checkout.machine';
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { ORDER_REFERENCE_PARAM } from '@transit-shop/sdk/contract/checkout';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useLocalePath } from '../../../components/locale-link.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useCartRuntime, WithCart } from '../../../lib/cart/use-cart.tsx';
import { providerPage } from '../../../lib/provider-page.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { redirectQuery } from '../../../lib/session/redirect-target.ts';
import { settle } from '../../../lib/session/session-runtime.ts';
import { useSessionRuntime, WithSession } from '../../../lib/session/use-session.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSavedMethods } from '../api/get-saved-methods.ts';
import {
  checkoutCartOf,
  checkoutNetworkOf,
  checkoutViewerOf,
  createCheckoutMachine,
  forgetSavedCheckout,
  readSavedCheckout,
  returnedOrderOf,
  type SlotPlaces,
  savedMethodsOwnerOf,
} from '../checkout-runtime.ts';
import type { CheckoutStep } from '../checkout-step-list.ts';
import { checkoutStepOf, checkoutStepPath, showsOrderOutcome, stepOfMatches } from '../checkout-steps.ts';
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

/**
 * The attempt kept in this tab when it is the one of the order asked about: an attempt of an
 * order since settled (in another tab, on another device) is not taken up again.
 */
function attemptOf(storage: Storage, references: readonly (string | null)[]): string | null {
  const text = readSavedCheckout(storage);
  const reference = restoreCheckout(text)?.orderReference ?? null;
  return reference !== null && references.includes(reference) ? text : null;
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

  // Read once: the order of the provider's return address, the one the cart remembers, and the
  // attempt this tab kept for either.
  const [setup] = useState(() => {
    const storage = sessionStorageOrNone();
    const returnedOrder = returnedOrderOf(location.search);
    const orderInFlight = cart.actor.getSnapshot().context.orderInFlight;
    const saved = attemptOf(storage, [returnedOrder ?? orderInFlight]);
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
      rememberOrder: (reference) => cart.actor.send({ type: 'ORDER_IN_FLIGHT', reference }),
      places,
    });
    return { machine, places, storage, returnedOrder, orderInFlight, saved };
  });
  const user = useUser();
  const actor = useActorRef(setup.machine, {
    input: {
      network: checkoutNetworkOf(network),
      viewer: checkoutViewerOf(status, user.data ?? null, network.authenticationProviders, savedMethods),
      cart: checkoutCartOf(cart.actor.getSnapshot()),
      saved: setup.saved,
      returnedOrder: setup.returnedOrder,
      orderInFlight: setup.orderInFlight,
    },
  });

  // A taken order (confirmed, or a SEPA debit on its way): the attempt and the cart are done with,
  // in every tab of the browser (the cart's saved copy, emptied, is heard by the others). An order
  // refused or cancelled: the cart keeps its lines and forgets the order.
  useEffect(() => {
    let settled: string | null = null;
    const subscription = actor.subscribe((snapshot) => {
      const reference = snapshot.context.outcome ? snapshot.context.orderReference : null;
      if (reference === null || reference === settled) return;
      if (snapshot.matches('confirmed') || snapshot.matches('pending')) {
        settled = reference;
        forgetSavedCheckout(setup.storage);
        cart.actor.send({ type: 'CLEAR', paidOrder: reference });
      } else if (snapshot.matches('failed') || snapshot.matches('cancelled')) {
        settled = reference;
        cart.actor.send({ type: 'ORDER_NOT_TAKEN', reference });
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, cart.actor, setup.storage]);

  // Decision 0039: another tab paid the cart (the cart, emptied, names the order that paid it): this
  // tab shows that order rather than a way to pay the cart again.
  useEffect(() => {
    const tell = (paidOrder: string | null) => {
      if (paidOrder !== null) actor.send({ type: 'CART_PAID_ELSEWHERE', orderReference: paidOrder });
    };
    let known = cart.actor.getSnapshot().context.paidOrder;
    const subscription = cart.actor.subscribe((snapshot) => {
      if (snapshot.context.paidOrder === known) return;
      known = snapshot.context.paidOrder;
      tell(known);
    });
    return () => subscription.unsubscribe();
  }, [actor, cart.actor]);

  // The page left for the provider's, shown again from the browser's back-forward cache.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'PAGE_RESTORED' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [actor]);

  // The address follows the machine; log in, sign up and finalize come back to the checkout. It
  // keeps the order's reference while the outcome shows (a reload shows it again), not after.
  const wanted = useSelector(actor, checkoutStepOf);
  const showingOrder = useSelector(actor, showsOrderOutcome);
  const keepsQuery = showingOrder || location.search === '';
  // The order another tab paid goes in the address (decision 0039): the guard lets the emptied cart's
  // page through to it, and a reload shows it again.
  const paidOrder = useSelector(actor, (snapshot) =>
    showsOrderOutcome(snapshot) && snapshot.context.paidElsewhere ? snapshot.context.orderReference : null,
  );
  const orderQuery = paidOrder ? `?${new URLSearchParams({ [ORDER_REFERENCE_PARAM]: paidOrder })}` : '';
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
    if (wanted !== step || !keepsQuery || (orderQuery !== '' && location.search !== orderQuery))
      navigate(`${toPath(checkoutStepPath(wanted))}${orderQuery}`, { replace: true });
  }, [wanted, step, authPage, keepsQuery, orderQuery, location.search, navigate, toPath]);

  const shown = wanted ?? step;
  const title = t(TITLES[shown]);
  usePageTitle(title);
  // Each new step's heading takes the focus, as a new page's would: a keyboard or screen reader
  // user goes on from the top of the step rather than from the button that is gone.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusedStep = useRef<CheckoutStep | null>(null);
  useEffect(() => {
    if (focusedStep.current === shown) return;
    focusedStep.current = shown;
    heading.current?.focus();
  });
  return (
    <CheckoutProvider value={{ actor, places: setup.places }}>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h1"
        component="h1"
        sx={{ mb: 3, '&:focus': { outline: 'none' } }}
      >
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
  if (!savedMethods.ready) return <LinearProgress aria-label={t('common.loading')} />;
  return <Checkout step={step} savedMethods={savedMethods.methods} />;
}

export function Component() {
  const { t } = useTranslation();
  // The routes under this one are the steps': one always matches.
  const step = stepOfMatches(useMatches()) ?? 'checkout';
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
