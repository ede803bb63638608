// A network's demo card registry (tenants/<slug>/cards.json, decision 0032): the transport cards its
// ticketing system knows, read by tenant:validate and by the ticket API's demo card registry, which
// follows the file while it runs. A real network's cards live in its own ticketing system instead.
import {
  CARD_STATUSES,
  MEDIA_NUMBER_MAX_DIGITS,
  MEDIA_NUMBER_MIN_DIGITS,
  MEDIA_PRINTED_CODE_PATTERN,
} from '@transit-shop/sdk/contract/media';
import { z } from 'zod';
import { readOptionalTenantFile } from './optional-tenant-file.ts';
import type { LoadedNetwork, Problem } from './types.ts';

export const CARDS_FILE = 'cards.json';

/** A status as the registry gives it; empty when it gave none (MEDIA_STATUS_EMPTY). */
export const REGISTRY_CARD_STATUSES = [...CARD_STATUSES, ''] as const;
export type RegistryCardStatus = (typeof REGISTRY_CARD_STATUSES)[number];

const dateSchema = z.iso.date({ error: 'a date as YYYY-MM-DD' });

export const registryCardSchema = z.strictObject({
  /** Digits only, as the card is printed without its spaces. */
  number: z
    .string()
    .regex(
      new RegExp(`^\\d{${MEDIA_NUMBER_MIN_DIGITS},${MEDIA_NUMBER_MAX_DIGITS}}$`),
      `${MEDIA_NUMBER_MIN_DIGITS} to ${MEDIA_NUMBER_MAX_DIGITS} digits`,
    ),
  holderBirthDate: dateSchema,
  /** The card's last valid day. */
  expiresOn: dateSchema,
  status: z.enum(REGISTRY_CARD_STATUSES),
  /**
   * The code printed on the card (decision 0036): what proves holding it on a network that hides
   * the birth date, where a card without one cannot be linked in the shop.
   */
  printedCode: z.string().regex(MEDIA_PRINTED_CODE_PATTERN, '4 to 12 capital letters or digits').optional(),
});
export type RegistryCard = z.infer<typeof registryCardSchema>;

export const cardsFileSchema = z
  .strictObject({
    /** The ticketing system that issued the cards: getMedias lists only its cards (MEDIA-01). */
    providerId: z.string().trim().min(1).max(64),
    cards: z.array(registryCardSchema),
  })
  .superRefine((file, ctx) => {
    const seen = new Map<string, number>();
    file.cards.forEach((card, index) => {
      const first = seen.get(card.number);
      if (first === undefined) seen.set(card.number, index);
      else
        ctx.addIssue({
          code: 'custom',
          path: ['cards', index, 'number'],
          message: `the number ${card.number} is also card ${first}`,
        });
    });
  });
export type CardsFile = z.infer<typeof cardsFileSchema>;

/**
 * The card registry of each network: null for a network without the file; a file with a problem
 * is reported and its network left out, so a reader keeps the last valid version it holds.
 */
export async function readCardFiles(options: {
  tenantsDir: string;
  networks: readonly LoadedNetwork[];
}): Promise<{ registries: Map<number, CardsFile | null>; problems: Problem[] }> {
  const registries = new Map<number, CardsFile | null>();
  const problems: Problem[] = [];
  for (const network of options.networks) {
    const slug = network.network.slug;
    const read = await readOptionalTenantFile({
      tenantsDir: options.tenantsDir,
      slug,
      fileName: CARDS_FILE,
      schema: cardsFileSchema,
    });
    if (read.status === 'refused') {
      problems.push(...read.problems);
      continue;
    }
    registries.set(network.network.config.id, read.status === 'read' ? read.data : null);
  }
  return { registries, problems };
}
