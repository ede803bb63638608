// The default card registry (decision 0032): each network's demo registry file
// (tenants/<slug>/cards.json, followed while the API runs: sync() after each reload) overlaid with
// what the shop changed, kept in the database so every replica sees it: incidents that blocked a
// card, cards the shop issued, and the contracts a card's validations loaded.
import { randomInt } from 'node:crypto';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { type CardsFile, readCardFiles } from '@transit-shop/tenancy/cards-file';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { demoRegistryCards, demoRegistryLoadings } from '../../db/schema/media.ts';
import type { Logger } from '../../logger.ts';
import type {
  CardLoading,
  CardLoadingOf,
  CardRegistry,
  RegistryCardRecord,
} from '../card-registry/card-registry.ts';

/** The provider of the cards the shop issues on a network without a registry file. */
export const DEMO_PROVIDER_ID = 'demo';
/** Cards the demo issues: 16 digits starting with 9, which no demo file uses. */
const ISSUED_PREFIX = '9';
const ISSUED_DIGITS = 16;
/** The code printed on a card the demo issues: six of these, none mistaken for another. */
const PRINTED_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PRINTED_CODE_LENGTH = 6;

const newPrintedCode = () =>
  Array.from(
    { length: PRINTED_CODE_LENGTH },
    () => PRINTED_CODE_ALPHABET[randomInt(PRINTED_CODE_ALPHABET.length)],
  ).join('');

type FileRegistry = { providerId: string; cards: Map<string, CardsFile['cards'][number]> };

export type DemoCardRegistry = CardRegistry & {
  /** Reads the networks' files again; a file with a problem keeps its network's last valid version. */
  sync(networks: readonly LoadedNetwork[]): Promise<void>;
  /** Records that the card's validation loaded a contract (what a ticketing system would report). */
  recordLoading(networkId: number, number: string, ticketId: number, at: Date): Promise<void>;
};

export function createDemoCardRegistry(options: {
  db: Database;
  tenantsDir: string;
  logger: Logger;
}): DemoCardRegistry {
  const { logger } = options;
  const files = new Map<number, FileRegistry | null>();
  let last: Promise<unknown> = Promise.resolve();

  const syncOnce = async (networks: readonly LoadedNetwork[]) => {
    const read = await readCardFiles({ tenantsDir: options.tenantsDir, networks });
    for (const problem of read.problems) {
      logger.error(
        { file: problem.file, field: problem.field, problem: problem.message },
        `invalid card registry file, its cards are left as they were: ${problem.file}: ${problem.field}: ${problem.message}`,
      );
    }
    for (const [networkId, file] of read.registries) {
      files.set(
        networkId,
        file && {
          providerId: file.providerId,
          cards: new Map(file.cards.map((card) => [card.number, card])),
        },
      );
    }
  };

  /** The registry's calls over a database handle: the pool, or the caller's transaction. */
  const over = (db: Database): CardRegistry & Pick<DemoCardRegistry, 'recordLoading'> => {
    const providerOf = async (networkId: number) => files.get(networkId)?.providerId ?? DEMO_PROVIDER_ID;

    const changesOf = async (networkId: number, number: string) => {
      const [row] = await db
        .select()
        .from(demoRegistryCards)
        .where(and(eq(demoRegistryCards.networkId, networkId), eq(demoRegistryCards.number, number)))
        .limit(1);
      return row;
    };

    const findCard = async (networkId: number, number: string): Promise<RegistryCardRecord | null> => {
      const inFile = files.get(networkId)?.cards.get(number);
      const changes = await changesOf(networkId, number);
      const holderBirthDate = inFile?.holderBirthDate ?? changes?.holderBirthDate;
      const expiresOn = inFile?.expiresOn ?? changes?.expiresOn;
      if (!holderBirthDate || !expiresOn) return null;
      const incident =
        changes?.incidentKind && changes.incidentAt
          ? { kind: changes.incidentKind, reportedAt: changes.incidentAt }
          : null;
      const status = incident ? 'INCIDENT' : inFile ? inFile.status || null : 'ACTIVE';
      return {
        number,
        providerId: await providerOf(networkId),
        holderBirthDate,
        expiresOn,
        status,
        incident,
        printedCode: inFile?.printedCode ?? changes?.printedCode ?? null,
      };
    };

    return {
      providerOf,
      findCard,

      async reportIncident(networkId, number, kind, at) {
        // The first report stays: reporting again changes nothing.
        await db
          .insert(demoRegistryCards)
          .values({ networkId, number, incidentKind: kind, incidentAt: at })
          .onConflictDoUpdate({
            target: [demoRegistryCards.networkId, demoRegistryCards.number],
            set: { incidentKind: kind, incidentAt: at },
            setWhere: isNull(demoRegistryCards.incidentKind),
          });
      },

      async issueCard(networkId, card, at) {
        for (;;) {
          const digits = Array.from({ length: ISSUED_DIGITS - 1 }, () => randomInt(10)).join('');
          const number = `${ISSUED_PREFIX}${digits}`;
          if (files.get(networkId)?.cards.has(number)) continue;
          const [issued] = await db
            .insert(demoRegistryCards)
            .values({ networkId, number, ...card, printedCode: newPrintedCode(), issuedAt: at })
            .onConflictDoNothing()
            .returning();
          if (!issued) continue;
          const found = await findCard(networkId, number);
          if (!found) throw new Error('the issued card was not stored');
          return found;
        }
      },

      async loadingsOf(networkId, number): Promise<CardLoading[]> {
        return db
          .select({ ticketId: demoRegistryLoadings.ticketId, loadedAt: demoRegistryLoadings.loadedAt })
          .from(demoRegistryLoadings)
          .where(and(eq(demoRegistryLoadings.networkId, networkId), eq(demoRegistryLoadings.number, number)))
          .orderBy(asc(demoRegistryLoadings.loadedAt));
      },

      async loadingsOfCards(networkId, numbers): Promise<CardLoadingOf[]> {
        if (numbers.length === 0) return [];
        return db
          .select({
            number: demoRegistryLoadings.number,
            ticketId: demoRegistryLoadings.ticketId,
            loadedAt: demoRegistryLoadings.loadedAt,
          })
          .from(demoRegistryLoadings)
          .where(
            and(
              eq(demoRegistryLoadings.networkId, networkId),
              inArray(demoRegistryLoadings.number, [...numbers]),
            ),
          )
          .orderBy(asc(demoRegistryLoadings.loadedAt));
      },

      async recordLoading(networkId, number, ticketId, at) {
        await db
          .insert(demoRegistryLoadings)
          .values({ networkId, number, ticketId, loadedAt: at })
          .onConflictDoNothing();
      },
    };
  };

  return {
    ...over(options.db),
    inTransaction: (tx) => over(tx),

    sync(networks) {
      const run = last.then(() => syncOnce(networks));
      last = run.catch(() => undefined);
      return run;
    },
  };
}
