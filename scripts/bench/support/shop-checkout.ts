// The shop's checkout as a signed-in customer goes through it: Order/verify.json on a cart,
// Order/placeOrder.json, then the payment sandbox's hosted page (GET /pay/:id for the form token,
// the card form posted, which notifies the ticket API before the 303 back to the shop), each
// answer checked against the contract.
import { placeOrderCall } from '@transit-shop/sdk/contract/checkout';
import { okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { verifyAnswerSchema } from '@transit-shop/sdk/contract/order';
import type { NetworkFile } from '@transit-shop/tenancy';
import type { Customer } from './customers.ts';
import { signedBody } from './network.ts';
import type { PaymentSandboxUnderTest } from './payment-sandbox-under-test.ts';
import type { Answer, TicketApiUnderTest } from './ticket-api-under-test.ts';

/** The sandbox's card whose payments, and later charges on it once saved, succeed. */
export const CARD_NUMBER = '4242 4242 4242 4242';

type Network = Pick<NetworkFile, 'id' | 'signingKey'>;

/** What the order calls need of a signed-in customer. */
export type Shopper = Pick<Customer, 'userId' | 'userToken'>;

const verifyAnswer = okEnvelopeSchema(verifyAnswerSchema);
const placeAnswer = okEnvelopeSchema(placeOrderCall.response);

export type PlacedOrder = ReturnType<typeof placeAnswer.parse>['response'];

/** The header that names the network on every call. */
export const networkHeaders = (network: Pick<NetworkFile, 'id'>) => ({ 'x-network-id': String(network.id) });

/** A wrong answer of one step: the step, the status and the start of the body. */
export function wrong(step: string, answer: { status: number; body: string }, why = ''): Error {
  return new Error(`${step}${why ? ` (${why})` : ''}: ${answer.status} ${answer.body.slice(0, 300)}`);
}

/** A future card expiry, MM/YY. */
const cardExpiry = () => `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** Order/verify.json on the cart with the customer's session; answers the cart's total. */
export async function verifyCart(
  api: TicketApiUnderTest,
  network: Network,
  shopper: Shopper,
  articles: Record<string, unknown>[],
): Promise<number> {
  const body = signedBody(network, { ...shopper, networkId: network.id, articles, vouchers: [] });
  const answer = await api.call('POST', '/Order/verify.json', body, networkHeaders(network));
  if (answer.status !== 200) throw wrong('Order/verify.json', answer);
  const cartAnswer = verifyAnswer.safeParse(JSON.parse(answer.body));
  if (!cartAnswer.success) throw wrong('Order/verify.json', answer, 'not the contract’s answer');
  const { totalAmount, lines } = cartAnswer.data.response;
  if (lines.length !== articles.length || totalAmount <= 0) throw wrong('Order/verify.json', answer);
  return totalAmount;
}

/** Order/placeOrder.json's body: the cart paid by card on the hosted page, in one payment. */
export function placeOrderBody(
  network: Network,
  shopper: Shopper,
  order: {
    articles: Record<string, unknown>[];
    orderKey: string;
    returnPath: string;
    /** The buyer answered "buy again" to the repeat question (ORDER_ALREADY_BOUGHT, decision 0021). */
    confirmRepeat?: boolean;
  },
): string {
  return signedBody(network, {
    ...shopper,
    networkId: network.id,
    articles: order.articles,
    vouchers: [],
    orderKey: order.orderKey,
    paymentMethod: 'CARD',
    installments: 1,
    returnUrl: order.returnPath,
    ...(order.confirmRepeat ? { confirmRepeat: true } : {}),
  });
}

/** Order/placeOrder.json's answer, checked: a PENDING order sent to the sandbox's hosted page. */
export function placedOrder(answer: Answer, sandbox: Pick<PaymentSandboxUnderTest, 'url'>): PlacedOrder {
  if (answer.status !== 200) throw wrong('Order/placeOrder.json', answer);
  const parsed = placeAnswer.safeParse(JSON.parse(answer.body));
  if (!parsed.success) throw wrong('Order/placeOrder.json', answer, 'not the contract’s answer');
  const order = parsed.data.response;
  if (order.status !== 'PENDING') throw wrong('Order/placeOrder.json', answer, `status ${order.status}`);
  if (!order.redirectUrl?.startsWith(`${sandbox.url}/pay/`)) {
    throw wrong('Order/placeOrder.json', answer, 'redirectUrl not the sandbox’s page');
  }
  return order;
}

/** The hosted page's path of an order placed. */
export const hostedPagePath = (order: PlacedOrder) => new URL(order.redirectUrl as string).pathname;

/** GET /pay/:id, as the browser sent there; answers the card form's token. */
export async function openHostedPage(
  sandbox: Pick<PaymentSandboxUnderTest, 'client'>,
  pagePath: string,
): Promise<string> {
  const page = await sandbox.client.request('GET', pagePath);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  if (page.status !== 200 || !token) throw wrong(`GET ${pagePath}`, page, 'no card form');
  return token;
}

/** The card form posted with CARD_NUMBER; throws unless it sends the customer back paid. */
export async function payWithCard(
  sandbox: Pick<PaymentSandboxUnderTest, 'client'>,
  pagePath: string,
  token: string,
  returnPath: string,
): Promise<void> {
  const form = new URLSearchParams({
    token,
    holder: 'Ada Lovelace',
    number: CARD_NUMBER,
    expiry: cardExpiry(),
    cvc: '123',
    action: 'pay',
  });
  const paid = await sandbox.client.request('POST', pagePath, form.toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
  const location = typeof paid.headers.location === 'string' ? new URL(paid.headers.location) : null;
  if (
    paid.status !== 303 ||
    location?.searchParams.get('status') !== 'succeeded' ||
    location.searchParams.get('checkout') !== pagePath.slice('/pay/'.length) ||
    location.pathname !== returnPath
  ) {
    throw wrong(`POST ${pagePath}`, paid, `sent back to ${paid.headers.location ?? 'nowhere'}`);
  }
}
