// Customers of a demo network, as the web app makes and signs them in: identity/signUp, then
// Account/login.json with the id token it answers; and the bodies and answers of those calls.
import { loginAnswerSchema } from '@transit-shop/sdk/contract/account';
import { okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { identitySessionSchema } from '@transit-shop/sdk/contract/identity';
import type { NetworkFile } from '@transit-shop/tenancy';
import { signedBody } from './network.ts';
import type { TicketApiUnderTest } from './ticket-api-under-test.ts';

/** Every benchmark customer's password. */
export const PASSWORD = 'Tramway-Line-7!';

type Network = Pick<NetworkFile, 'id' | 'signingKey'>;

const identityAnswer = okEnvelopeSchema(identitySessionSchema);
const loginAnswer = okEnvelopeSchema(loginAnswerSchema);

/** The signed-in customer Account/login.json answers (its userId, userToken…). */
export type Customer = NonNullable<ReturnType<typeof loginAnswer.parse>['response']['user']>;

/** The id token of an identity answer (identity/signUp, identity/signInWithPassword). */
export const idTokenOf = (body: string) => identityAnswer.parse(JSON.parse(body)).response.idToken;

/** Account/login.json's body for an id token, as the web app sends it. */
export const loginBody = (network: Network, idToken: string) =>
  signedBody(network, { firebase_token: idToken, network_id: network.id, locale: 'fr', originType: 'ESHOP' });

/** identity/signInWithPassword's body. */
export const signInBody = (network: Network, email: string, password = PASSWORD) =>
  signedBody(network, { email, password, networkId: network.id });

/** Registers a customer through identity/signUp; answers its id token. */
export async function signUp(
  api: TicketApiUnderTest,
  network: Network,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const body = signedBody(network, {
    email,
    password,
    firstName: 'Ada',
    lastName: 'Lovelace',
    networkId: network.id,
    locale: 'fr',
    acceptedTerms: true,
    acceptedPrivacy: true,
  });
  return idTokenOf(await api.callOk('/identity/signUp', body));
}

/** Account/login.json with an id token; answers the customer (its userId and userToken). */
export async function logIn(api: TicketApiUnderTest, network: Network, idToken: string): Promise<Customer> {
  const answer = loginAnswer.parse(
    JSON.parse(await api.callOk('/Account/login.json', loginBody(network, idToken))),
  );
  if (!answer.response.user) throw new Error('Account/login.json answered no user');
  return answer.response.user;
}

/** A new customer signed in: identity/signUp, then Account/login.json (a customer's first sends mail). */
export async function signUpAndLogIn(
  api: TicketApiUnderTest,
  network: Network,
  email: string,
  password = PASSWORD,
): Promise<{ idToken: string; customer: Customer }> {
  const idToken = await signUp(api, network, email, password);
  return { idToken, customer: await logIn(api, network, idToken) };
}
