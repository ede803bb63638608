// fast-check arbitraries derived from zod 4 schemas (decision 0029): the shape of a payload (its
// fields, which are optional, nesting, lists, enums, literals, unions, lengths and bounds) comes
// from the contract; the caller gives the domains of named fields (real tokens, known ids). Only
// the schema kinds the sdk's contract uses; zod-fast-check supports zod 3 only.
import fc from 'fast-check';
import type { z } from 'zod';

export type FieldDomains = Readonly<Record<string, fc.Arbitrary<unknown>>>;

export type DeriveOptions = {
  /** Values of the fields of these names, wherever they sit, in place of the derived ones. */
  fields?: FieldDomains;
  /** Text of a length within bounds, for strings without a pattern. */
  text: (minLength: number, maxLength: number) => fc.Arbitrary<string>;
  /** Fields never generated (the signature, added after). */
  skip?: readonly string[];
  /** Optional fields of the top object that come all together or not at all (a refinement ties them). */
  together?: readonly (readonly string[])[];
};

type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  pattern?: RegExp;
};
type CheckDef = {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  pattern?: RegExp;
};

/** zod 4's public introspection: every schema's definition. */
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

const OPTIONAL_KINDS = new Set(['optional', 'default']);
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
/** Longest generated list when the schema sets no smaller maximum. */
const LIST_MAX = 10;

/** Whether an object may leave the field out. */
const isOptional = (schema: z.ZodType) => OPTIONAL_KINDS.has(defOf(schema).type);

function lengths(def: Def, fallbackMax: number) {
  let min = 0;
  let max = fallbackMax;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max);
    if (check.check === 'length_equals') min = max = check.length ?? 0;
  }
  return { min, max: Math.max(min, max) };
}

function numberOf(def: Def): fc.Arbitrary<number> {
  let min = Number.MIN_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format') integer = true;
    if (check.check === 'greater_than') min = Math.max(min, (check.value ?? min) + (check.inclusive ? 0 : 1));
    if (check.check === 'less_than') max = Math.min(max, (check.value ?? max) - (check.inclusive ? 0 : 1));
  }
  if (!integer) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  if (min >= INT32.min && max <= INT32.max) return fc.integer({ min, max });
  return fc.maxSafeInteger().filter((value) => value >= min && value <= max);
}

function stringOf(def: Def, options: DeriveOptions): fc.Arbitrary<string> {
  const pattern = def.pattern ?? checksOf(def).find((check) => check.pattern)?.pattern;
  if (pattern) return fc.stringMatching(pattern);
  const { min, max } = lengths(def, 200);
  return options.text(min, max);
}

function objectOf(
  shape: Record<string, z.ZodType>,
  options: DeriveOptions,
  together: readonly (readonly string[])[] = [],
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape).filter((key) => !options.skip?.includes(key));
  const grouped = new Set(together.flat());
  const fields = Object.fromEntries(
    keys.map((key) => [key, arbitraryFor(shape[key] as z.ZodType, options, options.fields?.[key])]),
  );
  const requiredKeys = keys.filter((key) => grouped.has(key) || !isOptional(shape[key] as z.ZodType));
  const record = fc.record(fields, { requiredKeys });
  if (together.length === 0) return record;
  return fc
    .tuple(record, fc.array(fc.boolean(), { minLength: together.length, maxLength: together.length }))
    .map(([value, kept]) => {
      const result = { ...value };
      together.forEach((group, index) => {
        if (!kept[index]) for (const key of group) delete result[key];
      });
      return result;
    });
}

/**
 * A value of the schema; `domain`, the caller's values for this field, stands in for the derived
 * ones below the optional, nullable and default wrappers.
 */
function arbitraryFor(
  schema: z.ZodType,
  options: DeriveOptions,
  domain?: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
      return fc.option(arbitraryFor(def.innerType as z.ZodType, options, domain), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType as z.ZodType, options, domain), { nil: null });
  }
  if (domain) return domain;
  switch (def.type) {
    case 'string':
      return stringOf(def, options);
    case 'number':
      return numberOf(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'array': {
      const { min, max } = lengths(def, LIST_MAX);
      return fc.array(arbitraryFor(def.element as z.ZodType, options), { minLength: min, maxLength: max });
    }
    case 'object':
      return objectOf(def.shape ?? {}, options);
    case 'record':
      return fc.dictionary(
        arbitraryFor(def.keyType as z.ZodType, options) as fc.Arbitrary<string>,
        arbitraryFor(def.valueType as z.ZodType, options),
        { maxKeys: 4 },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryFor(option, options)));
    // What the pipe takes in: a transform's output is not a payload's.
    case 'pipe':
      return arbitraryFor(def.in as z.ZodType, options);
    default:
      throw new Error(`no arbitrary for a zod ${def.type} without a field domain`);
  }
}

/** Objects of a strict object schema, such as a call's request. */
export function arbitraryOf(
  schema: z.ZodType,
  options: DeriveOptions,
): fc.Arbitrary<Record<string, unknown>> {
  const def = defOf(schema);
  if (def.type !== 'object') throw new Error(`an object schema was expected, not a zod ${def.type}`);
  return objectOf(def.shape ?? {}, options, options.together);
}
