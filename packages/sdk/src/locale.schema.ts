// zod schemas of locales and of texts given per locale.
import { z } from 'zod';
import { LOCALES } from './locales.ts';

export const localeSchema = z.enum(LOCALES);

/** A text given in several languages, keyed by locale. */
export const localizedTextSchema = z.partialRecord(localeSchema, z.string().min(1));
