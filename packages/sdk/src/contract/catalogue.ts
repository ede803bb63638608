// The catalogue as code (spec 01 §3, spec 02 §3 "Shop item" and §7 "Products and catalogue"): the
// shop item, its category, and the Products/* and shop/catalog calls. The tenant catalogue file is
// built from the same schemas with every text given per language (catalogueSchemasOf), so a field
// is written once. Choices the spec leaves open: docs/decisions/0016-catalogue.md.
import { z } from 'zod';
import { localeSchema } from '../locale.schema.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { defineCall } from './define-call.ts';
import { idSchema, signedRequest, textIdSchema } from './fields.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations

/** How a ticket is delivered: on a transport card (or collected at an agency), or on the phone app. */
export const SUPPORTS = ['PHYSICAL', 'DEMATERIALIZED'] as const;
export const supportSchema = z.enum(SUPPORTS);
export type Support = z.infer<typeof supportSchema>;

/** How the start of a product's validity is chosen (spec 02 §4). */
export const PIVOT_TYPES = ['DAY_PIVOT', 'WEEK_PIVOT', 'MONTH_PIVOT'] as const;
export const pivotTypeSchema = z.enum(PIVOT_TYPES);
export type PivotType = z.infer<typeof pivotTypeSchema>;

/** Payment methods (spec 02 §4); the e-shop offers CARD, and TRANSFER where the network enables it (NET-04). */
export const PAYMENT_METHODS = ['CARD', 'TRANSFER', 'DEPOSIT', 'CASH'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Renewal intervals of tacit subscriptions as ISO durations (SUB-04). */
export const RENEWAL_INTERVALS = ['P7D', 'P14D', 'P1M', 'P6M', 'P1Y'] as const;
export type RenewalInterval = (typeof RENEWAL_INTERVALS)[number];

/** The additional information a shop item asks for, by the kind of input it needs. */
export const FIELD_TYPES = ['TEXT', 'NUMBER', 'DATE', 'SELECT', 'CHECKBOX'] as const;
export const fieldTypeSchema = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof fieldTypeSchema>;

/**
 * Tags the shop reads (a shop item's tags are free words separated by spaces; these have a
 * meaning). hidden, physical pass and physical duplicate keep an item off the shop's listing
 * (CAT-01); the physical pass marks the card-creation product (NET-09).
 */
export const CATALOGUE_TAGS = {
  hidden: 'hidden',
  physicalPass: 'eshop_physical_pass',
  physicalDuplicate: 'eshop_physical_duplicate',
  /** A physical delivery picked up at an agency (click and collect) rather than loaded on a card. */
  collect: 'eshop_collect',
  /** For a guest, the item is delivered on a card only (CHK-03). */
  guestCardOnly: 'eshop_guest_card_only',
  /** Valid on every partner network sharing the account (Products/getUniversalProducts.json). */
  universal: 'eshop_universal',
} as const;

/** The catalogue request type of the product list (CAT-06, spec 01 §9 "Catalogue request type: 2"). */
export const PRODUCT_LIST_TYPE = 2;

// ---------------------------------------------------------------------------------------------
// Field schemas

/** Prices in minor units of the network's currency (cents, centimes, Rappen): whole numbers. */
export const MONEY_MAX = 99_999_999;
export const moneySchema = z.number().int().nonnegative().max(MONEY_MAX);
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR');

/** Tags as the legacy catalogue writes them: lowercase words separated by single spaces. */
export const tagsSchema = z
  .string()
  .max(500)
  .regex(/^(?:[a-z0-9_:.-]+(?: [a-z0-9_:.-]+)*)?$/, 'lowercase words separated by single spaces');

/** The words of a tags string. */
export function tagsOf(tags: string): string[] {
  return tags.split(' ').filter(Boolean);
}

/** Names an operator gives to categories, rates and fields: a short lowercase identifier. */
export const catalogueKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,62}$/, 'lowercase letters, digits, dashes and underscores');

/** A shop item's limits the schema knows; the rules across fields are in catalogue/shop-item-rules.ts. */
export const ARTICLE_QUANTITY_MAX = 99;
export const INSTALMENTS_MAX = 12;
const quantitySchema = z.number().int().min(1).max(ARTICLE_QUANTITY_MAX);
const ageSchema = z.number().int().min(0).max(130);

type ObjectFactory = typeof z.object;

/**
 * Every catalogue schema, with its texts of type `text`: plain strings in an answer (in the
 * language asked for), texts per language in the tenant file. Answers are parsed leniently (a newer
 * server may add a member, decision 0008), files strictly (a misspelt field is reported).
 */
export function catalogueSchemasOf<Text extends z.ZodType>(text: Text, options: { strict: boolean }) {
  // Both factories build the same shape; only unknown keys are treated differently.
  const object = (options.strict ? z.strictObject : z.object) as ObjectFactory;
  const optionalText = () => text.nullable().default(null);

  const fieldOption = object({ value: z.string().min(1).max(100), label: text });

  /** One piece of additional information the buyer fills in for the article (cart item fields). */
  const field = object({
    /** The key of the value in the cart item's and the order article's fields. */
    id: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'a field id: letters, digits, dashes'),
    type: fieldTypeSchema,
    label: text,
    help: optionalText(),
    required: z.boolean().default(false),
    /** The choices of a SELECT field. */
    options: z.array(fieldOption).default([]),
    /** The longest TEXT value. */
    maxLength: z.number().int().min(1).max(500).nullable().default(null),
    /** Bounds of a NUMBER value. */
    min: z.number().nullable().default(null),
    max: z.number().nullable().default(null),
  });

  /** A product of the ticketing system the item wraps; an order article names it by productId. */
  const product = object({
    productId: idSchema,
    /** How many of it one article holds: a carnet of 10 wraps 10 single tickets. */
    quantity: z.number().int().min(1).max(100).default(1),
    /** Whether the product exists on the phone app (a DEMATERIALIZED support needs it). */
    dematerialized: z.boolean(),
  });

  const paymentOptions = object({
    /** The instalment counts the item may be paid in (PAY-02); 1 is a single payment. */
    installments: z.array(z.number().int().min(1).max(INSTALMENTS_MAX)).min(1).default([1]),
    paymentMethods: z.array(paymentMethodSchema).min(1).default(['CARD']),
    /** May be bought as a tacit subscription, renewed every period (SUB-04). */
    allowSubscription: z.boolean().default(false),
  });

  /** Who may travel on it and under what terms, shown on the product page. */
  const conditions = object({
    text: optionalText(),
    /** Age bounds of the beneficiary on the start day, inclusive. */
    minAge: ageSchema.nullable().default(null),
    maxAge: ageSchema.nullable().default(null),
  });

  const shopItemShape = {
    shopItemId: idSchema,
    name: text,
    description: optionalText(),
    /** The price of one article, in minor units of the network's currency. */
    shopItemPrice: moneySchema,
    /** The price charged instead while a promotion runs; lower than the price. */
    shopItemPromoPrice: moneySchema.nullable().default(null),
    supports: z.array(supportSchema).max(SUPPORTS.length),
    tags: tagsSchema.default(''),
    /** The fare (full, reduced...) the shop filters by (CAT-04): the id of a catalogue rate. */
    rate: catalogueKeySchema.nullable().default(null),
    fields: z.array(field).default([]),
    paymentOptions: paymentOptions.default({
      installments: [1],
      paymentMethods: ['CARD'],
      allowSubscription: false,
    }),
    /** Quantity bounds of one cart line (CART-04). */
    articleQuantityMin: quantitySchema.default(1),
    articleQuantityMax: quantitySchema.default(10),
    /** Bought once per order: a second add is refused (CART-08). */
    maxBuyAtOnce: z.boolean().default(false),
    /** May be renewed to follow on from a current one (a renewal offer, not a tacit subscription). */
    isRenewable: z.boolean().default(false),
    products: z.array(product).min(1),
    pivotType: pivotTypeSchema.nullable().default(null),
    /** How many pivot units (days, weeks, months) the validity lasts. */
    pivotValue: z.number().int().nullable().default(null),
    /** How many start dates are proposed, the current period first (decision 0016). */
    startProposals: z.number().int().nullable().default(null),
    /** Document types (ids of the catalogue's documentTypes) the beneficiary must hold, all valid (CHK-08, not checked yet). */
    requiredDocuments: z.array(idSchema).default([]),
    conditions: conditions.nullable().default(null),
  };

  /** A fare the shop filters by (CAT-04). */
  const rate = object({ id: catalogueKeySchema, name: text });
  /** A kind of supporting document (student card, proof of age...) a reduced fare asks for. */
  const documentType = object({ id: idSchema, name: text, description: optionalText() });

  return {
    field,
    fieldOption,
    product,
    paymentOptions,
    conditions,
    shopItemShape,
    rate,
    documentType,
  };
}

// ---------------------------------------------------------------------------------------------
// The catalogue as the calls answer it: texts in the language asked for

const answer = catalogueSchemasOf(z.string().min(1), { strict: false });

export const shopItemFieldSchema = answer.field;
export type ShopItemField = z.infer<typeof shopItemFieldSchema>;
export const shopItemProductSchema = answer.product;
export type ShopItemProduct = z.infer<typeof shopItemProductSchema>;
export const paymentOptionsSchema = answer.paymentOptions;
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const shopItemSchema = z.object({
  ...answer.shopItemShape,
  /** The largest of paymentOptions.installments ("payable in up to N instalments"); set by the server. */
  installments: z.number().int().min(1).max(INSTALMENTS_MAX),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

/** A product type of the shop and its items (spec 01 §3: productTypeIndex and a list of shop items). */
export const categorySchema = z.object({
  productTypeIndex: z.number().int().nonnegative(),
  name: z.string().min(1),
  description: z.string().nullable().default(null),
  shopItems: z.array(shopItemSchema),
});
export type Category = z.infer<typeof categorySchema>;

export const rateSchema = answer.rate;
export type Rate = z.infer<typeof rateSchema>;
export const documentTypeSchema = answer.documentType;
export type CatalogueDocumentType = z.infer<typeof documentTypeSchema>;

/**
 * What every catalogue call answers: the categories in productTypeIndex order, each with its items
 * in the catalogue's order, and the rates and document types they refer to.
 */
export const catalogueAnswerSchema = z.object({
  currency: currencySchema,
  categories: z.array(categorySchema),
  rates: z.array(rateSchema),
  documentTypes: z.array(documentTypeSchema),
});
export type CatalogueAnswer = z.infer<typeof catalogueAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The calls (GET, no session: guests browse the shop)

/** The type travels as text in a query; only the product list type is known (CAT-06). */
const productListTypeSchema = z.union(
  [
    z.literal(PRODUCT_LIST_TYPE),
    z.literal(String(PRODUCT_LIST_TYPE)).transform(() => PRODUCT_LIST_TYPE as typeof PRODUCT_LIST_TYPE),
  ],
  {
    error: (issue) =>
      issue.input === undefined ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.invalid,
  },
);

/**
 * The product list (type 2): every item of the network carrying all the given tags, hidden ones
 * included (the shop hides them, CAT-01, but a cart line may name one as its option or shipping
 * fee); categories left without items are left out. With tags eshop_physical_pass it is the
 * creation-products call (NET-09).
 */
export const getProductsCall = defineCall({
  path: 'Products/getProducts.json',
  method: 'GET',
  authenticated: false,
  request: signedRequest({
    network_id: textIdSchema,
    type: productListTypeSchema,
    lang: localeSchema,
    tags: tagsSchema.optional(),
  }),
  response: catalogueAnswerSchema,
});

/** The network's items valid on every partner network that shares the account (tag eshop_universal). */
export const getUniversalProductsCall = defineCall({
  path: 'Products/getUniversalProducts.json',
  method: 'GET',
  authenticated: false,
  request: signedRequest({ network_id: textIdSchema, lang: localeSchema }),
  response: catalogueAnswerSchema,
});

/**
 * The transport-card products: a new card (eshop_physical_pass) and a replacement card
 * (eshop_physical_duplicate), which the shop's listing hides and the tunnel and the card incident
 * flow sell.
 */
export const getMediaProductsCall = defineCall({
  path: 'Products/media',
  method: 'GET',
  authenticated: false,
  request: signedRequest({ network_id: textIdSchema, lang: localeSchema }),
  response: catalogueAnswerSchema,
});

/** The whole catalogue of the network, as the web shop reads it: the product list without a tag filter. */
export const shopCatalogCall = defineCall({
  path: 'shop/catalog',
  method: 'GET',
  authenticated: false,
  request: signedRequest({ networkId: textIdSchema, lang: localeSchema }),
  response: catalogueAnswerSchema,
});

export const CATALOGUE_CALLS = {
  getProducts: getProductsCall,
  getUniversalProducts: getUniversalProductsCall,
  getMediaProducts: getMediaProductsCall,
  shopCatalog: shopCatalogCall,
} as const;

/** The product list request (CAT-06); the client fills network_id. */
export function productListPayload(lang: z.infer<typeof localeSchema>) {
  return { type: PRODUCT_LIST_TYPE, lang } as const;
}

/** The creation-products request: the product list restricted to the physical pass tag (NET-09). */
export function creationProductsPayload(lang: z.infer<typeof localeSchema>) {
  return { type: PRODUCT_LIST_TYPE, lang, tags: CATALOGUE_TAGS.physicalPass } as const;
}
