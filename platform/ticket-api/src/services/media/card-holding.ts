// Proof that whoever links a card or signs in with it holds it (decision 0036): its holder's birth
// date, or, where the network hides it, the code printed on the card. Each proof checked is a try,
// counted in the database before it is checked: per card (across accounts, addresses and both
// calls), per account and per client address. A right proof gives its tries back; past any limit
// every proof is refused alike, right or wrong (MEDIA_TRIES_EXHAUSTED, with when to retry), so the
// refusal tells nothing. The wrong try that uses up a card's last has its linked holder emailed.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type MediaLinkProof, mediaLinks } from '../../db/schema/media.ts';
import { users } from '../../db/schema/users.ts';
import { cardTriesEmail } from '../../mail/templates/card-tries-email.ts';
import type { AppJobs } from '../../queue/job-definitions.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import { emailLocale } from '../../tenants/network-locale.ts';
import { type MailDeps, sendNoticeMail } from '../account/account-mail.ts';
import {
  type Attempt,
  giveAttemptBack,
  type RateLimit,
  rateLimitKey,
  takeAttempt,
} from '../account/rate-limit.ts';
import { askRegistry, checkCardState } from '../card-registry/card-checks.ts';
import type { CardRegistry, RegistryCardRecord } from '../card-registry/card-registry.ts';
import { addressKey } from '../identity/sign-in-lockout.ts';

const DAY_MINUTES = 24 * 60;
/** Wrong proofs for one card, from anyone, in a day: then the card waits out the day. */
export const CARD_PROOF_TRIES: RateLimit = { name: 'card-proof', maxHits: 5, windowMinutes: DAY_MINUTES };
/** Wrong proofs from one account, on any card of any network, in a day. */
export const ACCOUNT_PROOF_TRIES: RateLimit = {
  name: 'card-proof-account',
  maxHits: 10,
  windowMinutes: DAY_MINUTES,
};
/** Wrong proofs from one client address, on any card of any network, in a day. */
export const ADDRESS_PROOF_TRIES: RateLimit = {
  name: 'card-proof-address',
  maxHits: 20,
  windowMinutes: DAY_MINUTES,
};

/** What the customer typed to prove holding the card. */
export type HoldingProof = { birthDate?: string | undefined; printedCode?: string | undefined };

/** What proves holding a card on the network: the birth date, or the printed code where it is hidden. */
export const proofKindOf = (network: LoadedNetwork): Exclude<MediaLinkProof, 'ISSUED'> =>
  network.network.config.hideBirthDate ? 'PRINTED_CODE' : 'BIRTH_DATE';

/** The proof the network asks for (NET-06, MEDIA-04), required as a field issue before anything is asked. */
export function requireProof(network: LoadedNetwork, proof: HoldingProof): void {
  const kind = proofKindOf(network);
  const [path, given] =
    kind === 'BIRTH_DATE'
      ? ['mediaCustomerBirthDate', proof.birthDate]
      : ['mediaPrintedCode', proof.printedCode];
  if (given !== undefined) return;
  throw new AppError('INVALID_REQUEST', {
    details: { issues: [{ path, message: VALIDATION_MESSAGES.required }] },
  });
}

/** Whether the proof typed is the card's: its holder's birth date, or the code printed on it. */
function isRightProof(card: RegistryCardRecord, kind: MediaLinkProof, proof: HoldingProof): boolean {
  if (kind === 'BIRTH_DATE') return proof.birthDate === card.holderBirthDate;
  return card.printedCode !== null && proof.printedCode === card.printedCode;
}

export type HoldingCheck = MailDeps & {
  db: Database;
  network: LoadedNetwork;
  /** Background jobs, to send the holder's email; sent at once where none run. */
  jobs?: Pick<JobQueue<AppJobs>, 'send'> | undefined;
  /** The card as the registry knows it, with a status. */
  card: RegistryCardRecord;
  proof: HoldingProof;
  /** The account linking it; null for a card sign-in. */
  accountId: number | null;
  clientAddress: string;
  now: Date;
};

/**
 * Checks the proof of holding the card, its tries counted first; answers what proved it, or throws
 * the network's MISMATCH code, or MEDIA_TRIES_EXHAUSTED. A card without a printed code on a network
 * that asks for one cannot be proven held: MEDIA_UNKNOWN_DATA, with nothing counted.
 */
export async function checkHolding(options: HoldingCheck): Promise<MediaLinkProof> {
  const { db, network, card } = options;
  const kind = proofKindOf(network);
  if (kind === 'PRINTED_CODE' && card.printedCode === null) throw new AppError('MEDIA_UNKNOWN_DATA');
  const networkId = network.network.config.id;
  // The address first: an address trying a card that is locked still uses up its own tries.
  const counters: { limit: RateLimit; key: string }[] = [
    {
      limit: ADDRESS_PROOF_TRIES,
      key: rateLimitKey(ADDRESS_PROOF_TRIES, 'any', addressKey(options.clientAddress)),
    },
    ...(options.accountId === null
      ? []
      : [
          {
            limit: ACCOUNT_PROOF_TRIES,
            key: rateLimitKey(ACCOUNT_PROOF_TRIES, 'any', String(options.accountId)),
          },
        ]),
    { limit: CARD_PROOF_TRIES, key: rateLimitKey(CARD_PROOF_TRIES, networkId, card.number) },
  ];
  let cardTry: Attempt & { allowed: true } = { allowed: true, count: 0, windowSeconds: 0 };
  for (const counter of counters) {
    const attempt = await takeAttempt(db, counter.limit, counter.key);
    if (!attempt.allowed) {
      throw new AppError('MEDIA_TRIES_EXHAUSTED', {
        details: { retryAfterSeconds: attempt.retryAfterSeconds },
      });
    }
    cardTry = attempt;
  }
  if (isRightProof(card, kind, options.proof)) {
    for (const counter of counters) await giveAttemptBack(db, counter.limit, counter.key);
    return kind;
  }
  if (cardTry.count === CARD_PROOF_TRIES.maxHits) {
    await tellHolder({ ...options, until: new Date(options.now.getTime() + cardTry.windowSeconds * 1000) });
  }
  throw new AppError(kind === 'BIRTH_DATE' ? 'MEDIA_BIRTH_DATE_MISMATCH' : 'MEDIA_PRINTED_CODE_MISMATCH');
}

/** Emails the account the card is linked to on the network, if any, in its language. */
async function tellHolder(options: HoldingCheck & { until: Date }): Promise<void> {
  const { db, network } = options;
  const [holder] = await db
    .select({
      email: users.email,
      contactEmail: users.contactEmail,
      firstName: users.firstName,
      locale: users.locale,
    })
    .from(mediaLinks)
    .innerJoin(users, eq(users.id, mediaLinks.userId))
    .where(
      and(
        eq(mediaLinks.networkId, network.network.config.id),
        eq(mediaLinks.number, options.card.number),
        isNull(mediaLinks.removedAt),
        inArray(users.status, ['ACTIVE', 'PENDING_DELETION']),
      ),
    )
    .limit(1);
  const to = holder?.contactEmail ?? holder?.email;
  if (!holder || !to) return;
  const message = cardTriesEmail({
    network,
    locale: emailLocale(network, holder.locale),
    shopPort: options.shopPort,
    to,
    firstName: holder.firstName,
    number: options.card.number,
    tries: CARD_PROOF_TRIES.maxHits,
    until: options.until,
  });
  if (!options.jobs) {
    await sendNoticeMail(options, message);
    return;
  }
  try {
    await options.jobs.send('send-mail', message);
  } catch (error) {
    options.logger.error({ err: error }, 'the email to a card holder could not be queued');
  }
}

/**
 * The card of that number, proven held and usable now (MEDIA-04, MEDIA-05): the registry knows it
 * (else MEDIA_NOT_RECOGNISED) and gives it a status (else MEDIA_STATUS_EMPTY), the proof is right,
 * then its state. Answers the card and what proved holding it.
 */
export async function checkHeldCard(
  options: Omit<HoldingCheck, 'card'> & { cards: CardRegistry; number: string },
): Promise<{ card: RegistryCardRecord; proof: MediaLinkProof }> {
  const { network } = options;
  const card = await askRegistry(() => options.cards.findCard(network.network.config.id, options.number));
  if (!card) throw new AppError('MEDIA_NOT_RECOGNISED');
  if (card.status === null) throw new AppError('MEDIA_STATUS_EMPTY');
  const proof = await checkHolding({ ...options, card });
  return { card: checkCardState(card, network, options.now), proof };
}
