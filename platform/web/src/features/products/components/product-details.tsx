// The product page (spec 01 §2 "Product details"): what the item is, costs and asks for, then the
// purchase: for whom, its additional information, the support, the start date among the proposals,
// one period or a tacit subscription where one is offered (decision 0043), the quantity, and the
// add to the cart, which hands one line to the function the app provides.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { quantityBoundsOf } from '@transit-shop/sdk/catalogue/article-rules';
import { firstStartOf } from '@transit-shop/sdk/catalogue/start-dates';
import { isCollectArticle } from '@transit-shop/sdk/checkout/checkout-rules';
import { networkToday } from '@transit-shop/sdk/time/network-clock';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { type FormEvent, type ReactNode, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { ReadyControls } from '../../../components/ready-controls.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import type { FieldError } from '../../../lib/forms/use-auth-form.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { signedInWithFranceConnect } from '../../../lib/identity/identity-rules.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useSessionStatus } from '../../../lib/session/session-status.ts';
import { subscriptionIntervalOf } from '../../../lib/subscriptions/subscription-offer.ts';
import { transportCardsQueryOptions } from '../../../lib/transport-cards/transport-cards.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { AddToCart } from '../add-to-cart.tsx';
import {
  asksForCard,
  cardChoiceOf,
  creationProductIn,
  lacksHolderBirthDate,
  usableCardsOf,
} from '../card-choice-rules.ts';
import { fieldErrors, fieldValues } from '../field-rules.ts';
import { useRequiredDocuments } from '../hooks/use-required-documents.ts';
import { type ListedShopItem, useShopItem } from '../hooks/use-shop-item.ts';
import { initialPurchaseForm, purchaseFormReducer } from '../purchase-form.ts';
import { travellersOf } from '../travellers.ts';
import { AddToCartBar } from './add-to-cart-bar.tsx';
import { AdditionalFields } from './additional-fields.tsx';
import { CardChoice, GuestNewCard } from './card-choice.tsx';
import { DocumentsStep } from './documents-step.tsx';
import { ProductFacts } from './product-facts.tsx';
import { PurchaseSection } from './purchase-section.tsx';
import { QuantityField, quantityOf } from './quantity-field.tsx';
import { awaitedProposals, StartDateChoice, startDayOf, useStartProposals } from './start-date-choice.tsx';
import { SubscriptionChoice } from './subscription-choice.tsx';
import { SupportChoice } from './support-choice.tsx';
import { TravellerChoice, VisitorTraveller } from './traveller-choice.tsx';
import { TunnelEntry } from './tunnel-entry.tsx';

function PageFrame({ children }: { children: ReactNode }) {
  return <Box sx={{ maxWidth: 1100, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>{children}</Box>;
}

function NotForSale() {
  const { t } = useTranslation();
  usePageTitle(t('products.notFound.title'));
  return (
    <PageFrame>
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h1" component="h1" gutterBottom>
          {t('products.notFound.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('products.notFound.body')}</Typography>
        <Button variant="contained" component={LocaleLink} to={paths.home}>
          {t('products.notFound.action')}
        </Button>
      </Box>
    </PageFrame>
  );
}

function Purchase({ listed, onAddToCart }: { listed: ListedShopItem; onAddToCart: AddToCart | null }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const errorText = useErrorText();
  const { item, supports, answer } = listed;
  const timeZone = network.timeZone;
  const formatPrice = useFormatPrice(answer.currency);
  const status = useSessionStatus();
  const user = useUser();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const start = useStartProposals(item, timeZone);
  const [form, dispatch] = useReducer(purchaseFormReducer, null, () =>
    initialPurchaseForm(item, supports, firstStartOf(start.proposals)),
  );
  // The proposals come with the browser's clock: the first is chosen as they come, in this render.
  const [proposalsChosenFrom, setProposalsChosenFrom] = useState(start.proposals);
  if (start.proposals !== proposalsChosenFrom) {
    setProposalsChosenFrom(start.proposals);
    dispatch({ type: 'startChosen', choice: firstStartOf(start.proposals) });
  }
  const {
    startChoice,
    profile,
    support: supportChosen,
    card: cardChosen,
    inputs,
    subscribe,
    quantityText,
    rechecking,
    attempt,
    busy,
    failure,
  } = form;

  // The supports offered narrow once the user is read (CAT-03): a choice no longer offered falls back.
  const support = supports.includes(supportChosen) ? supportChosen : (supports[0] ?? supportChosen);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const account = user.data && !user.data.authAsGuest ? user.data : null;
  // With a session, the line names its customer: the add waits for the user to be known.
  const waitingForUser = status !== 'signedOut' && !user.data;
  const startDay = startDayOf(start.proposals, startChoice) ?? networkToday(timeZone);
  const travellers = account ? travellersOf(account, item, startDay) : null;
  const chosen = travellers
    ? (travellers.find((traveller) => traveller.userId === profile && !traveller.outOfAge) ??
      travellers.find((traveller) => !traveller.outOfAge) ??
      null)
    : null;
  // A guest buys for the guest session's own customer; a visitor names nobody yet.
  const customer = travellers
    ? (chosen?.userId ?? null)
    : status === 'guest'
      ? (user.data?.userId ?? null)
      : null;
  // A PHYSICAL article of a signed-in customer goes on a card they choose (decision 0032).
  const asksCard =
    chosen !== null && asksForCard(item, support, account !== null, network.configuration.has_media_tunnel);
  const client = useApiClient();
  const locale = useLocale();
  const cards = useQuery({
    ...transportCardsQueryOptions(client, account?.userId ?? 0, locale),
    enabled: asksCard,
  });
  const usable = asksCard && chosen && cards.data ? usableCardsOf(cards.data, chosen) : null;
  // NET-09: the network's new-card product; without one no card is sent by post (decision 0037).
  const newCard = asksCard ? creationProductIn(answer) : null;
  const card = asksCard ? cardChoiceOf(cardChosen, cards.isError ? [] : usable, newCard !== null) : null;
  // A new card is made out to the traveller: without their birth date it cannot be (decision 0037).
  const cardMissing =
    asksCard && (card === null || (card === 'new' && chosen !== null && lacksHolderBirthDate(chosen)));
  // The card is chosen among those read: the add waits for them.
  const waitingForCards = asksCard && cards.isPending;
  const creationProduct = card === 'new' ? newCard : null;
  // CART-04, CART-08: the sdk's bounds, the cart's and the server's (one unit of a one-per-order item).
  const bounds = quantityBoundsOf(item);
  const quantity = quantityOf(quantityText, bounds.min, bounds.max);
  const quantityShownWrong = quantity === null && (attempt > 0 || quantityText.trim() !== '');
  const unitPrice = item.shopItemPromoPrice ?? item.shopItemPrice;
  const problems = fieldErrors(item.fields, inputs);
  const wrong = Object.values(problems);
  const travellerMissing = travellers !== null && chosen === null;
  // CHK-08: the documents the item requires cover the chosen traveller (decision 0033).
  const required = useRequiredDocuments(
    item,
    account && chosen ? { accountId: account.userId, travellerId: chosen.userId } : null,
  );
  const documentsMissing =
    item.requiredDocuments.length > 0 && (!required.asks || !required.coverage.covered);
  const startMissing = start.proposals !== null && startDayOf(start.proposals, startChoice) === null;
  // Offered only where the network sells subscriptions and the item renews every P7D..P1Y (SUB-04).
  const interval = subscriptionIntervalOf(item, network.configuration);
  const subscribing = interval !== null && subscribe;
  // A subscription is kept, renewed and terminated in an account: neither a visitor nor a guest.
  const accountMissing = subscribing && account === null;
  const addable =
    wrong.length === 0 &&
    quantity !== null &&
    !travellerMissing &&
    !cardMissing &&
    !startMissing &&
    !documentsMissing &&
    !accountMissing &&
    !start.error;
  const errors: Readonly<Record<string, FieldError>> = rechecking ? problems : {};
  const summary =
    !rechecking || addable
      ? undefined
      : wrong.some((problem) => problem.key === VALIDATION_MESSAGES.required) ||
          travellerMissing ||
          cardMissing
        ? VALIDATION_MESSAGES.formRequired
        : documentsMissing && wrong.length === 0
          ? 'products.documents.missing'
          : accountMissing && wrong.length === 0
            ? 'products.buying.accountMissing'
            : VALIDATION_MESSAGES.formInvalid;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!onAddToCart || busy || waitingForUser || waitingForCards) return;
    if (!addable || quantity === null) {
      dispatch({ type: 'addRefused' });
      return;
    }
    dispatch({ type: 'addStarted' });
    try {
      await onAddToCart({
        item,
        quantity,
        profile: customer,
        delivery: support,
        ...(asksCard ? { mediaId: card === 'new' ? null : card } : {}),
        // A new card is the line's option: the network's creation product (NET-09), posted.
        ...(creationProduct ? { option: creationProduct } : {}),
        ...startChoice,
        fields: fieldValues(item.fields, inputs),
        ...(item.requiredDocuments.length > 0 ? { documents: required.coverage.documentIds } : {}),
        isSubscription: subscribing,
      });
      dispatch({ type: 'addDone' });
    } catch (error) {
      dispatch({ type: 'addFailed', failure: error });
    }
  };

  return (
    <Paper
      component="form"
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: { md: 16 } }}
    >
      <Typography id={headingId} variant="h2" component="h2" sx={{ mb: 2 }}>
        {t('products.purchase')}
      </Typography>
      <ReadyControls sx={{ display: 'grid', gap: 3 }}>
        {travellers ? (
          <TravellerChoice
            travellers={travellers}
            value={chosen?.userId ?? null}
            onChange={(chosenProfile) => dispatch({ type: 'travellerChosen', profile: chosenProfile })}
          />
        ) : status === 'guest' ? null : (
          <VisitorTraveller />
        )}
        {item.fields.length > 0 ? (
          <PurchaseSection title={t('products.fields.legend')}>
            <AdditionalFields
              fields={item.fields}
              inputs={inputs}
              errors={errors}
              onChange={(id, value) => dispatch({ type: 'fieldChanged', id, value })}
            />
          </PurchaseSection>
        ) : null}
        <SupportChoice
          item={item}
          supports={supports}
          value={support}
          onChange={(chosenSupport) => dispatch({ type: 'supportChosen', support: chosenSupport })}
        />
        {asksCard && account && chosen ? (
          <CardChoice
            userId={account.userId}
            traveller={chosen}
            usable={cards.isError ? [] : usable}
            failure={cards.isError ? cards.error : null}
            newCard={newCard}
            value={card}
            missing={rechecking && card === null}
            onChange={(choice) => dispatch({ type: 'cardChosen', card: choice })}
          />
        ) : status === 'guest' && support === 'PHYSICAL' && !isCollectArticle({ item, support }) ? (
          <GuestNewCard />
        ) : null}
        {item.requiredDocuments.length === 0 ? null : account && chosen ? (
          <DocumentsStep
            documentTypes={answer.documentTypes}
            required={required}
            travellerId={chosen.userId}
            itemId={item.shopItemId}
            signedInWithFranceConnect={signedInWithFranceConnect(account)}
          />
        ) : (
          <Alert severity="info">{t('products.documents.signInFirst')}</Alert>
        )}
        <TunnelEntry item={item} />
        {start.error ? <Alert severity="error">{errorText(start.error)}</Alert> : null}
        {start.proposals || (start.pending && item.pivotType) ? (
          <PurchaseSection title={t('products.start.legend')}>
            <StartDateChoice
              proposals={start.proposals ?? awaitedProposals(item.pivotType ?? 'DAY_PIVOT')}
              value={startChoice}
              onChange={(choice) => dispatch({ type: 'startChosen', choice })}
            />
          </PurchaseSection>
        ) : null}
        {interval ? (
          <SubscriptionChoice
            interval={interval}
            price={formatPrice(unitPrice)}
            value={subscribe}
            needsAccount={accountMissing}
            onChange={(chosen) => dispatch({ type: 'subscriptionChosen', subscribe: chosen })}
          />
        ) : null}
        <QuantityField
          value={quantityText}
          min={bounds.min}
          max={bounds.max}
          invalid={quantityShownWrong}
          onChange={(text) => dispatch({ type: 'quantityChanged', text })}
        />
        <Typography role="status" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {quantity === null ? null : t('products.total', { amount: formatPrice(unitPrice * quantity) })}
        </Typography>
      </ReadyControls>
      <AddToCartBar
        summary={summary}
        failure={failure}
        available={onAddToCart !== null}
        disabled={!onAddToCart || busy || waitingForUser || waitingForCards || required.pending}
      />
    </Paper>
  );
}

function Product({ listed, onAddToCart }: { listed: ListedShopItem; onAddToCart: AddToCart | null }) {
  const { t } = useTranslation();
  usePageTitle(listed.item.name);
  return (
    <PageFrame>
      <Breadcrumbs aria-label={t('products.breadcrumb')} sx={{ mb: 2 }}>
        <Link component={LocaleLink} to={paths.home} underline="hover" color="inherit">
          {t('products.shop')}
        </Link>
        <Typography aria-current="page" sx={{ color: 'text.primary' }}>
          {listed.item.name}
        </Typography>
      </Breadcrumbs>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 420px)' },
          gap: { xs: 3, md: 5 },
          alignItems: 'start',
        }}
      >
        <ProductFacts listed={listed} />
        <Purchase listed={listed} onAddToCart={onAddToCart} />
      </Box>
    </PageFrame>
  );
}

export function ProductDetails({
  shopItemId,
  onAddToCart,
}: {
  shopItemId: number;
  onAddToCart: AddToCart | null;
}) {
  const { t } = useTranslation();
  const { listed, products } = useShopItem(shopItemId);
  if (listed === null) return <NotForSale />;
  if (listed) return <Product listed={listed} onAddToCart={onAddToCart} />;
  return (
    <PageFrame>
      {products.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void products.refetch()}>
              {t('products.retry')}
            </Button>
          }
        >
          {t('products.loadFailed')}
        </Alert>
      ) : (
        <CircularProgress aria-label={t('products.loading')} />
      )}
    </PageFrame>
  );
}
