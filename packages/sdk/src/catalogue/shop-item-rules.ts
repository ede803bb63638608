// Rules across the fields of one shop item, the ones a schema cannot say: quantity bounds in order,
// a promo below the price, a pivot and start proposals that make sense, a subscription with a
// renewal period, supports its products can be delivered on. The tenant validator reports them per
// file; the ticket API may assert them on what it answers. Bounds the spec leaves open: decision 0016.
import {
  CATALOGUE_TAGS,
  type FieldType,
  type PaymentMethod,
  type PivotType,
  type RenewalInterval,
  type Support,
  tagsOf,
} from '../contract/catalogue.ts';

/** What the rules read of an item: the same in an answer and in a tenant file (texts aside). */
export type ShopItemRulesInput = {
  readonly shopItemPrice: number;
  readonly shopItemPromoPrice: number | null;
  readonly supports: readonly Support[];
  readonly tags: string;
  readonly fields: readonly {
    readonly id: string;
    readonly type: FieldType;
    readonly options: readonly { readonly value: string }[];
    readonly maxLength: number | null;
    readonly min: number | null;
    readonly max: number | null;
  }[];
  readonly paymentOptions: {
    readonly installments: readonly number[];
    readonly paymentMethods: readonly PaymentMethod[];
    readonly allowSubscription: boolean;
  };
  readonly articleQuantityMin: number;
  readonly articleQuantityMax: number;
  readonly maxBuyAtOnce: boolean;
  readonly isRenewable: boolean;
  readonly products: readonly { readonly productId: number; readonly dematerialized: boolean }[];
  readonly pivotType: PivotType | null;
  readonly pivotValue: number | null;
  readonly startProposals: number | null;
  readonly requiredDocuments: readonly number[];
  readonly conditions: { readonly minAge: number | null; readonly maxAge: number | null } | null;
};

export type RuleIssue = { path: (string | number)[]; message: string };

/** The unit a pivot counts in. */
export const PIVOT_UNITS: Record<PivotType, string> = {
  DAY_PIVOT: 'days',
  WEEK_PIVOT: 'weeks',
  MONTH_PIVOT: 'months',
};
/** The longest validity a pivot may give, in its unit (ours: a year and a day, a year, two years). */
export const PIVOT_VALUE_MAX: Record<PivotType, number> = { DAY_PIVOT: 366, WEEK_PIVOT: 52, MONTH_PIVOT: 24 };
/** How far ahead start dates may be proposed, in the pivot's unit (ours). */
export const START_PROPOSALS_MAX: Record<PivotType, number> = {
  DAY_PIVOT: 90,
  WEEK_PIVOT: 12,
  MONTH_PIVOT: 12,
};
/** The payment methods of the e-shop (NET-04): the others are taken at a counter. */
export const ESHOP_PAYMENT_METHODS: readonly PaymentMethod[] = ['CARD', 'TRANSFER'];

const RENEWALS: Record<PivotType, Partial<Record<number, RenewalInterval>>> = {
  DAY_PIVOT: { 7: 'P7D', 14: 'P14D' },
  WEEK_PIVOT: { 1: 'P7D', 2: 'P14D' },
  MONTH_PIVOT: { 1: 'P1M', 6: 'P6M', 12: 'P1Y' },
};

/** SUB-04: the renewal interval of a subscription to this validity, or null when it is none of P7D, P14D, P1M, P6M, P1Y. */
export function renewalIntervalOf(
  pivotType: PivotType | null,
  pivotValue: number | null,
): RenewalInterval | null {
  if (pivotType === null || pivotValue === null) return null;
  return RENEWALS[pivotType][pivotValue] ?? null;
}

function duplicates<T>(values: readonly T[]): number[] {
  return values.flatMap((value, index) => (values.indexOf(value) !== index ? [index] : []));
}

function pivotIssues(item: ShopItemRulesInput): RuleIssue[] {
  const { pivotType, pivotValue, startProposals } = item;
  if (pivotType === null) {
    const issues: RuleIssue[] = [];
    if (pivotValue !== null)
      issues.push({
        path: ['pivotValue'],
        message: 'a pivotValue needs a pivotType (DAY_PIVOT, WEEK_PIVOT or MONTH_PIVOT)',
      });
    if (startProposals !== null)
      issues.push({
        path: ['startProposals'],
        message: 'start proposals need a pivotType: without one the validity starts at purchase',
      });
    return issues;
  }
  const unit = PIVOT_UNITS[pivotType];
  const issues: RuleIssue[] = [];
  const valueMax = PIVOT_VALUE_MAX[pivotType];
  if (pivotValue === null)
    issues.push({
      path: ['pivotValue'],
      message: `a ${pivotType} item needs a pivotValue: its validity in ${unit}`,
    });
  else if (pivotValue < 1 || pivotValue > valueMax)
    issues.push({
      path: ['pivotValue'],
      message: `a ${pivotType} validity is 1 to ${valueMax} ${unit}, not ${pivotValue}`,
    });
  const proposalsMax = START_PROPOSALS_MAX[pivotType];
  if (startProposals === null)
    issues.push({
      path: ['startProposals'],
      message: `a ${pivotType} item needs startProposals: how many ${unit} of start dates are proposed (1 to ${proposalsMax})`,
    });
  else if (startProposals < 1 || startProposals > proposalsMax)
    issues.push({
      path: ['startProposals'],
      message: `a ${pivotType} item proposes 1 to ${proposalsMax} ${unit} of start dates, not ${startProposals}`,
    });
  return issues;
}

function fieldIssues(item: ShopItemRulesInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const index of duplicates(item.fields.map((field) => field.id)))
    issues.push({
      path: ['fields', index, 'id'],
      message: `field id "${item.fields[index]?.id}" is used twice`,
    });
  item.fields.forEach((field, index) => {
    const at = (...rest: string[]) => ['fields', index, ...rest];
    if (field.type === 'SELECT' && field.options.length === 0)
      issues.push({ path: at('options'), message: 'a SELECT field needs options to choose from' });
    if (field.type !== 'SELECT' && field.options.length > 0)
      issues.push({
        path: at('options'),
        message: `only a SELECT field has options, not a ${field.type} field`,
      });
    for (const option of duplicates(field.options.map((o) => o.value)))
      issues.push({
        path: at('options', String(option), 'value'),
        message: `option value "${field.options[option]?.value}" is used twice`,
      });
    if (field.maxLength !== null && field.type !== 'TEXT')
      issues.push({
        path: at('maxLength'),
        message: `only a TEXT field has a maxLength, not a ${field.type} field`,
      });
    if ((field.min !== null || field.max !== null) && field.type !== 'NUMBER')
      issues.push({
        path: at(field.min !== null ? 'min' : 'max'),
        message: `only a NUMBER field has bounds, not a ${field.type} field`,
      });
    if (field.min !== null && field.max !== null && field.min > field.max)
      issues.push({ path: at('min'), message: `min ${field.min} is above max ${field.max}` });
  });
  return issues;
}

function tagIssues(item: ShopItemRulesInput): RuleIssue[] {
  const tags = tagsOf(item.tags);
  const issues: RuleIssue[] = [];
  for (const index of duplicates(tags))
    issues.push({ path: ['tags'], message: `tag "${tags[index]}" is written twice` });
  const physicalTags = [
    CATALOGUE_TAGS.physicalPass,
    CATALOGUE_TAGS.physicalDuplicate,
    CATALOGUE_TAGS.collect,
    CATALOGUE_TAGS.guestCardOnly,
  ];
  if (!item.supports.includes('PHYSICAL'))
    for (const tag of physicalTags.filter((t) => tags.includes(t)))
      issues.push({ path: ['tags'], message: `the tag ${tag} needs the PHYSICAL support` });
  return issues;
}

/** Every rule the item breaks, each at the field to fix. */
export function shopItemRuleIssues(item: ShopItemRulesInput): RuleIssue[] {
  const issues: RuleIssue[] = [];

  if (item.supports.length === 0)
    issues.push({ path: ['supports'], message: 'no support: the item would never be shown (CAT-02)' });
  for (const index of duplicates(item.supports))
    issues.push({ path: ['supports', index], message: `support ${item.supports[index]} is listed twice` });
  if (item.supports.includes('DEMATERIALIZED')) {
    item.products.forEach((product, index) => {
      if (!product.dematerialized)
        issues.push({
          path: ['products', index, 'dematerialized'],
          message: `product ${product.productId} does not exist on the app, yet the item offers the DEMATERIALIZED support`,
        });
    });
  }
  for (const index of duplicates(item.products.map((product) => product.productId)))
    issues.push({
      path: ['products', index, 'productId'],
      message: `product ${item.products[index]?.productId} is listed twice: raise its quantity instead`,
    });

  if (item.shopItemPromoPrice !== null && item.shopItemPromoPrice >= item.shopItemPrice)
    issues.push({
      path: ['shopItemPromoPrice'],
      message: `the promo price ${item.shopItemPromoPrice} must be lower than the price ${item.shopItemPrice}`,
    });
  if (item.articleQuantityMin > item.articleQuantityMax)
    issues.push({
      path: ['articleQuantityMin'],
      message: `articleQuantityMin ${item.articleQuantityMin} is above articleQuantityMax ${item.articleQuantityMax}`,
    });

  // CART-08: an item bought once per order is bought one at a time (decision 0039).
  if (item.maxBuyAtOnce && item.articleQuantityMin > 1)
    issues.push({
      path: ['articleQuantityMin'],
      message: `a maxBuyAtOnce item is bought one at a time: articleQuantityMin must be 1, not ${item.articleQuantityMin}`,
    });

  const { installments, paymentMethods, allowSubscription } = item.paymentOptions;
  for (const index of duplicates(installments))
    issues.push({
      path: ['paymentOptions', 'installments', index],
      message: `${installments[index]} instalments is listed twice`,
    });
  paymentMethods.forEach((method, index) => {
    if (paymentMethods.indexOf(method) !== index)
      issues.push({
        path: ['paymentOptions', 'paymentMethods', index],
        message: `${method} is listed twice`,
      });
    else if (!ESHOP_PAYMENT_METHODS.includes(method))
      issues.push({
        path: ['paymentOptions', 'paymentMethods', index],
        message: `${method} is not a payment method of the e-shop (CARD, or TRANSFER where the network enables it)`,
      });
  });

  issues.push(...pivotIssues(item));
  const pivotValid = !issues.some((issue) => issue.path[0] === 'pivotValue');
  if (allowSubscription && pivotValid && renewalIntervalOf(item.pivotType, item.pivotValue) === null) {
    const validity = item.pivotType ? `${item.pivotType} ${item.pivotValue}` : 'an item without a pivot';
    issues.push({
      path: ['paymentOptions', 'allowSubscription'],
      message: `a subscription renews every 7 days, 14 days, 1 month, 6 months or 1 year (P7D, P14D, P1M, P6M, P1Y): ${validity} has no such period`,
    });
  }
  if (item.isRenewable && item.pivotType === null)
    issues.push({
      path: ['isRenewable'],
      message: 'a renewable item needs a pivot: a validity to follow on from',
    });

  issues.push(...fieldIssues(item));
  issues.push(...tagIssues(item));

  for (const index of duplicates(item.requiredDocuments))
    issues.push({
      path: ['requiredDocuments', index],
      message: `document type ${item.requiredDocuments[index]} is required twice`,
    });
  const { minAge, maxAge } = item.conditions ?? { minAge: null, maxAge: null };
  if (minAge !== null && maxAge !== null && minAge > maxAge)
    issues.push({ path: ['conditions', 'minAge'], message: `minAge ${minAge} is above maxAge ${maxAge}` });
  return issues;
}
