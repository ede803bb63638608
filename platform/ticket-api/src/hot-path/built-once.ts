// Statements whose SQL is built once (decision 0019). Drizzle builds a query's text anew at every
// run, and for a statement over wide tables that costs more of the event loop than the rest of its
// work: 0.2 ms for the session's lookup, nearly 1 ms for the placed order's. A statement defined
// here is built at its first run on a driver, with `sql.placeholder` where its values go, and kept;
// every later run binds the values (each through its column's encoding, as drizzle does) and runs
// on the handle it is given: the pool, or a transaction's own connection.
// One of the hot path's hand-tuned pieces: hot-path/README.md says why, with the measured figures.
import { SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };
/** A drizzle query: prepared under a name, or run once as it is (its placeholders bound). */
type Preparable<R> = {
  prepare(name: string): Prepared<R>;
  execute(values?: Record<string, unknown>): Promise<R>;
};

/** The part of a drizzle handle this relies on: its session, and the session's driver client. */
type Handle = { _: { session: { client: unknown } } };

/** A value a statement takes: its placeholders' values by name. */
export type Values = Record<string, unknown>;

const names = new Set<string>();

/**
 * Shapes kept per statement. Each is a statement named on every PostgreSQL connection that runs it:
 * past this many, a new shape is built at each run, as drizzle does.
 */
export const SHAPES_KEPT = 100;

type Run<R> = (db: Database, values: Values, shape: string, build: () => Preparable<R>) => Promise<R>;

function keptStatements<R>(name: string): Run<R> {
  if (names.has(name)) throw new Error(`two statements are named ${name}`);
  names.add(name);
  // Per driver (node-postgres, PGlite, whose prepared statements differ), known by the session's class.
  const built = new WeakMap<object, Map<string, Prepared<R>>>();
  return (db, values, shape, build) => {
    const { session } = (db as unknown as Handle)._;
    let byShape = built.get(session.constructor);
    if (!byShape) {
      byShape = new Map();
      built.set(session.constructor, byShape);
    }
    let prepared = byShape.get(shape);
    if (!prepared) {
      if (byShape.size >= SHAPES_KEPT) return build().execute(values);
      prepared = build().prepare(`${name}#${byShape.size}`);
      byShape.set(shape, prepared);
    }
    // The statement as built, run on this handle's connection.
    const onHandle = Object.create(prepared, { client: { value: session.client } }) as Prepared<R>;
    return onHandle.execute(values);
  };
}

/** A statement of one shape, built by `build` at its first run on a driver (`name` names it to PostgreSQL). */
export function builtOnce<R, V extends Values = Values>(
  name: string,
  build: (db: Database) => Preparable<R>,
): (db: Database, values: V) => Promise<R> {
  const run = keptStatements<R>(name);
  return (db, values) => run(db, values, '', () => build(db));
}

/**
 * A statement whose shape varies (the number of rows of an insert, which values are null): one is
 * built per distinct `shape`, by the `build` of its first run.
 */
export function builtOncePerShape<R>(
  name: string,
): (db: Database, shape: string, build: () => Preparable<R>, values: Values) => Promise<R> {
  const run = keptStatements<R>(name);
  return (db, shape, build, values) => run(db, values, shape, build);
}

/**
 * A row to insert with placeholders: each value goes to `values` under `prefix` and its key, and
 * the row keeps a placeholder in its place. A null stays in the row (drizzle would encode it as
 * JSON's null in a json column), and so does an SQL expression, which must carry no values of its
 * own (a reference to another part of the statement): the row's `shape` names both.
 */
export function placeholderRow<T extends Record<string, unknown>>(
  prefix: string,
  row: T,
  values: Values,
): { row: T; shape: string } {
  const placed: Record<string, unknown> = {};
  let shape = `${prefix}(`;
  for (const key of Object.keys(row)) {
    const value = row[key];
    if (value === undefined) continue;
    if (value === null || value instanceof SQL) {
      placed[key] = value;
      shape += `${key}=${value === null ? 'null' : 'sql'},`;
      continue;
    }
    const placeholderName = `${prefix}${key}`;
    values[placeholderName] = value;
    placed[key] = sql.placeholder(placeholderName);
    shape += `${key},`;
  }
  return { row: placed as T, shape: `${shape})` };
}

/**
 * A placeholder where an update's `set` takes a value: drizzle binds it through the column's
 * encoding, as it does a value, though its types allow only values there. Never bound to null
 * (the encoding of a date or a JSON column would not keep it one): a null is written as a value.
 */
export function placeholderValue<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}
