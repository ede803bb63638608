// Shapes shared by the loader, the validator and the registry.
import type { CatalogueFile } from './catalogue.schema.ts';
import type { Network } from './network.schema.ts';
import type { ResolvedTheme } from './theme.schema.ts';

/** One problem found in a tenant or theme file, reported with its file and field. */
export type Problem = {
  /** Path relative to the folder holding tenants/ and themes/, e.g. tenants/lumiere/network.json. */
  file: string;
  /** Dotted field path, e.g. theme.id or languages.1; empty for the whole file. */
  field: string;
  message: string;
};

/** A network that loaded without problems, with its resolved theme. */
export type LoadedNetwork = {
  network: Network;
  theme: ResolvedTheme;
  /** Its catalogue.json; an empty catalogue when the network has none (CAT-05). */
  catalogue: CatalogueFile;
  /** Absolute path of the logo file. */
  logoPath: string;
  /** Absolute paths of every file read for this network. */
  files: string[];
};
