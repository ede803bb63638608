// A node-postgres client that has PostgreSQL prepare each statement once per connection: a query
// with parameters is named after its text, so the server parses and plans it on its first run on
// a connection and only binds and executes it afterwards. The texts come from the code (values
// are always parameters), so the names on a connection are bounded by the statements it runs.
// Queries without parameters keep the simple protocol (migrations send several statements at once).
// One of the hot path's hand-tuned pieces: hot-path/README.md says why, with the measured figures.
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Statement names by text; texts beyond this many are sent unnamed. */
const NAMED_TEXTS_LIMIT = 2_000;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_TEXTS_LIMIT) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values] = args as [unknown, unknown];
    if (typeof config === 'string') {
      const name = Array.isArray(values) && values.length > 0 ? nameOf(config) : undefined;
      if (name) args[0] = { text: config, name };
    } else if (config !== null && typeof config === 'object' && !('submit' in config)) {
      const query = config as QueryConfig;
      const parameters = Array.isArray(values) ? values : query.values;
      const named =
        typeof query.text === 'string' &&
        query.name === undefined &&
        Array.isArray(parameters) &&
        parameters.length > 0;
      const name = named ? nameOf(query.text as string) : undefined;
      if (name) args[0] = { ...query, name };
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}
