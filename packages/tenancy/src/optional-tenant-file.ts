// An optional JSON file of a network's tenant folder (vouchers.json, cards.json): absent, read and
// valid by its schema, or the problems that keep it from being used, each naming the file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Problem } from './types.ts';

export type OptionalTenantFile<T> =
  | { readonly status: 'absent' }
  | { readonly status: 'read'; readonly file: string; readonly data: T }
  | { readonly status: 'refused'; readonly problems: Problem[] };

export async function readOptionalTenantFile<Schema extends z.ZodType>(options: {
  tenantsDir: string;
  slug: string;
  fileName: string;
  schema: Schema;
}): Promise<OptionalTenantFile<z.output<Schema>>> {
  const file = `tenants/${options.slug}/${options.fileName}`;
  let text: string;
  try {
    text = await readFile(join(options.tenantsDir, options.slug, options.fileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'absent' };
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      status: 'refused',
      problems: [{ file, field: '', message: `not JSON: ${(error as Error).message}` }],
    };
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success)
    return {
      status: 'refused',
      problems: parsed.error.issues.map((issue) => ({
        file,
        field: issue.path.join('.'),
        message: issue.message,
      })),
    };
  return { status: 'read', file, data: parsed.data };
}
