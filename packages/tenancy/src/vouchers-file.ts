// A network's vouchers file (tenants/<slug>/vouchers.json): its schema, the checks against the
// network's catalogue, and its reading (by tenant:validate, and by the ticket API at start).
// Operators write vouchers like the rest of a network; the ticket API's database holds only how often
// each was used (decision 0017).
import { VOUCHER_CODE_MIN_LENGTH } from '@transit-shop/sdk/constants';
import { MONEY_MAX } from '@transit-shop/sdk/contract/catalogue';
import { idSchema, isoDateTimeSchema } from '@transit-shop/sdk/contract/fields';
import { VOUCHER_CODE_MAX_LENGTH } from '@transit-shop/sdk/contract/order';
import { localizedTextSchema } from '@transit-shop/sdk/locale.schema';
import { z } from 'zod';
import { readOptionalTenantFile } from './optional-tenant-file.ts';
import type { LoadedNetwork, Problem } from './types.ts';

export const VOUCHERS_FILE = 'vouchers.json';

/** Codes are typed by travellers: letters and digits, dashes and underscores, matched ignoring case. */
export const voucherFileCodeSchema = z
  .string()
  .min(VOUCHER_CODE_MIN_LENGTH)
  .max(VOUCHER_CODE_MAX_LENGTH)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'letters, digits, dashes and underscores');

const amountSchema = z.number().int().positive().max(MONEY_MAX);
/** A share in percent with at most two decimals: 12.5 is 1250 basis points. */
const percentSchema = z
  .number()
  .min(0.01)
  .max(100)
  .refine((percent) => Number.isInteger(Math.round(percent * 100 * 1e6) / 1e6), 'at most two decimals');

const common = {
  code: voucherFileCodeSchema,
  label: localizedTextSchema.refine(
    (text) => Object.keys(text).length > 0,
    'a label in at least one language',
  ),
  /** The shop items it applies to (articles, options or the shipping fee); every line when empty. */
  shopItemIds: z.array(idSchema).default([]),
  /** The applicable lines must add up to this much, in minor units. */
  minimumAmount: z.number().int().nonnegative().max(MONEY_MAX).default(0),
  combinable: z.boolean().default(true),
  active: z.boolean().default(true),
  validFrom: isoDateTimeSchema.nullable().default(null),
  validUntil: isoDateTimeSchema.nullable().default(null),
  maxUses: z.number().int().positive().nullable().default(null),
  maxUsesPerCustomer: z.number().int().positive().nullable().default(null),
};

export const voucherDefinitionSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...common, type: z.literal('AMOUNT'), amount: amountSchema }),
  z.strictObject({ ...common, type: z.literal('RATIO'), percent: percentSchema }),
  z.strictObject({ ...common, type: z.literal('ARTICLE_AMOUNT'), amount: amountSchema }),
  z.strictObject({ ...common, type: z.literal('ARTICLE_RATIO'), percent: percentSchema }),
  /** That many units of the applicable lines free, the cheapest first. */
  z.strictObject({ ...common, type: z.literal('GIFT'), quantity: z.number().int().min(1).max(99) }),
]);
export type VoucherDefinition = z.infer<typeof voucherDefinitionSchema>;

export const vouchersFileSchema = z.strictObject({ vouchers: z.array(voucherDefinitionSchema) });

/** The number the database keeps in `value`: minor units, basis points or units, by type. */
export function storedValueOf(voucher: VoucherDefinition): number {
  switch (voucher.type) {
    case 'AMOUNT':
    case 'ARTICLE_AMOUNT':
      return voucher.amount;
    case 'RATIO':
    case 'ARTICLE_RATIO':
      return Math.round(voucher.percent * 100);
    case 'GIFT':
      return voucher.quantity;
  }
}

/** Rules across vouchers and against the catalogue, each at the field to fix. */
export function voucherFileIssues(
  vouchers: readonly VoucherDefinition[],
  network: Pick<LoadedNetwork, 'catalogue'>,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const items = new Set(network.catalogue.shopItems.map((item) => item.shopItemId));
  const seen = new Map<string, number>();
  vouchers.forEach((voucher, index) => {
    const at = (field: string) => `vouchers.${index}.${field}`;
    const code = voucher.code.toUpperCase();
    const first = seen.get(code);
    if (first !== undefined)
      issues.push({
        path: at('code'),
        message: `the code ${code} is also voucher ${first} (codes ignore case)`,
      });
    else seen.set(code, index);
    voucher.shopItemIds.forEach((id, position) => {
      if (!items.has(id))
        issues.push({ path: at(`shopItemIds.${position}`), message: `no shop item ${id} in the catalogue` });
    });
    if (
      voucher.validFrom &&
      voucher.validUntil &&
      Date.parse(voucher.validFrom) >= Date.parse(voucher.validUntil)
    )
      issues.push({ path: at('validUntil'), message: 'validUntil must come after validFrom' });
    if (
      voucher.maxUses !== null &&
      voucher.maxUsesPerCustomer !== null &&
      voucher.maxUsesPerCustomer > voucher.maxUses
    )
      issues.push({ path: at('maxUsesPerCustomer'), message: 'maxUsesPerCustomer is above maxUses' });
  });
  return issues;
}

/**
 * The vouchers of each network: a network without the file has none; a file with a problem is
 * reported and its network's vouchers are left as the database holds them.
 */
export async function readVoucherFiles(options: {
  tenantsDir: string;
  networks: readonly LoadedNetwork[];
}): Promise<{ vouchers: Map<number, VoucherDefinition[]>; problems: Problem[] }> {
  const vouchers = new Map<number, VoucherDefinition[]>();
  const problems: Problem[] = [];
  for (const network of options.networks) {
    const slug = network.network.slug;
    const read = await readOptionalTenantFile({
      tenantsDir: options.tenantsDir,
      slug,
      fileName: VOUCHERS_FILE,
      schema: vouchersFileSchema,
    });
    if (read.status === 'absent') {
      vouchers.set(network.network.config.id, []);
      continue;
    }
    if (read.status === 'refused') {
      problems.push(...read.problems);
      continue;
    }
    const { file, data: parsed } = read;
    const issues = voucherFileIssues(parsed.vouchers, network);
    if (issues.length > 0) {
      for (const issue of issues) problems.push({ file, field: issue.path, message: issue.message });
      continue;
    }
    vouchers.set(network.network.config.id, parsed.vouchers);
  }
  return { vouchers, problems };
}
