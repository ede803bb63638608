// Reads every theme and network folder, validates them and returns the valid networks. Node only.
import { access, readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { type AlertDefinition, alertDefinitionSchema } from '@transit-shop/sdk/alerts/alert.schema';
import { LEGAL_DOCUMENTS, type LegalDocumentKind } from '@transit-shop/sdk/contract/networks';
import type { Locale } from '@transit-shop/sdk/locales';
import { z } from 'zod';
import { type CatalogueFile, catalogueFileSchema, EMPTY_CATALOGUE } from './catalogue.schema.ts';
import {
  type CustomTexts,
  customTextsSchema,
  type LegalTexts,
  type NetworkFile,
  networkFileFieldsSchema,
  networkFileRuleIssues,
} from './network.schema.ts';
import { sanitizeTenantHtml } from './sanitize.ts';
import { type ThemeFile, themeFileSchema } from './theme.schema.ts';
import type { LoadedNetwork, Problem } from './types.ts';
import {
  checkGlobalAlerts,
  checkNetworkTexts,
  checkNetworkTheme,
  checkThemeFile,
  findDuplicateClaims,
  problemsFromZod,
} from './validate.ts';
import { checkCatalogue } from './validate-catalogue.ts';

export type LoadResult = {
  /** The networks without any problem, in folder-name order. */
  networks: LoadedNetwork[];
  /** Folders holding a network with at least one problem (not in `networks`). */
  invalidSlugs: string[];
  globalAlerts: AlertDefinition[];
  problems: Problem[];
  /** Theme files found, valid or not. */
  themeCount: number;
};

export const NETWORK_FILE = 'network.json';
/** Optional: a network without one sells nothing and shows the no-products page (CAT-05, decision 0016). */
export const CATALOGUE_FILE = 'catalogue.json';
export const GLOBAL_ALERTS_FILE = 'global-alerts.json';
export const LEGAL_FILE_NAMES: Record<LegalDocumentKind, string> = {
  legalNotices: 'legal-notices.html',
  privacyPolicy: 'privacy-policy.html',
  termsOfUse: 'terms-of-use.html',
};
export const SLUG_PATTERN = /^[a-z][a-z0-9-]*$/;

/** Networks read at once: enough to keep the disk busy without running out of file handles. */
const NETWORK_CONCURRENCY = 64;

export const globalAlertsFileSchema = z.object({ alerts: z.array(alertDefinitionSchema) }).strict();

/** Folders of the tenants directory that hold networks ("_" and "." folders are set aside). */
export async function listNetworkSlugs(tenantsDir: string): Promise<string[]> {
  const entries = await readdir(tenantsDir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

type JsonRead = { ok: true; value: unknown } | { ok: false; problem: Problem };

async function readJson(path: string, file: string): Promise<JsonRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { ok: false, problem: { file, field: '', message: 'file is missing' } };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      problem: { file, field: '', message: `not valid JSON: ${(error as Error).message}` },
    };
  }
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Runs `task` over `items` with at most `limit` running at once, keeping the order of results. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

type ThemeLoad = { file: ThemeFile | null; problems: Problem[] };

/** Every theme is parsed and checked once, however many networks use it. */
async function loadThemes(themesDir: string, label: (path: string) => string) {
  const names = (await readdir(themesDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.json') && !name.startsWith('_') && !name.startsWith('.'))
    .sort();
  const loads = await Promise.all(
    names.map(async (name): Promise<[string, ThemeLoad]> => {
      const path = join(themesDir, name);
      const file = label(path);
      const id = basename(name, '.json');
      const read = await readJson(path, file);
      if (!read.ok) return [id, { file: null, problems: [read.problem] }];
      const parsed = themeFileSchema.safeParse(read.value);
      if (!parsed.success) return [id, { file: null, problems: problemsFromZod(file, parsed.error) }];
      const problems = checkThemeFile(file, id, parsed.data);
      return [id, { file: problems.length === 0 ? parsed.data : null, problems }];
    }),
  );
  return new Map(loads);
}

// Sanitising is most of a load's time; a reload after one edit meets the same pages again.
const sanitised = new Map<string, string>();
const SANITISED_CACHE_LIMIT = 20_000;

function sanitizeCached(html: string): string {
  let clean = sanitised.get(html);
  if (clean === undefined) {
    clean = sanitizeTenantHtml(html);
    if (sanitised.size >= SANITISED_CACHE_LIMIT) sanitised.clear();
    sanitised.set(html, clean);
  }
  return clean;
}

type LocaleLoad = { problems: Problem[]; texts?: CustomTexts; legal?: LegalTexts; files: string[] };

async function loadLocale(
  folder: string,
  locale: Locale,
  label: (path: string) => string,
): Promise<LocaleLoad> {
  const problems: Problem[] = [];
  const textsPath = join(folder, 'texts', `${locale}.json`);
  const files = [textsPath];
  let texts: CustomTexts | undefined;
  const textsRead = await readJson(textsPath, label(textsPath));
  if (!textsRead.ok) {
    problems.push({
      ...textsRead.problem,
      message: `missing locale text: ${textsRead.problem.message} (texts for "${locale}")`,
    });
  } else {
    const parsed = customTextsSchema.safeParse(textsRead.value);
    if (parsed.success) texts = parsed.data;
    else problems.push(...problemsFromZod(label(textsPath), parsed.error));
  }

  const documents = await Promise.all(
    LEGAL_DOCUMENTS.map(async (kind) => {
      const path = join(folder, 'legal', locale, LEGAL_FILE_NAMES[kind]);
      files.push(path);
      const html = await readFile(path, 'utf8').catch(() => null);
      // A page that sanitises to nothing is as good as missing.
      const clean = html === null ? '' : sanitizeCached(html);
      if (!clean) {
        problems.push({
          file: label(path),
          field: '',
          message: `missing locale text: ${html === null ? 'file is missing' : 'no content left after sanitising'} (${kind} for "${locale}")`,
        });
      }
      return [kind, clean] as const;
    }),
  );
  const legal = documents.every(([, html]) => html)
    ? (Object.fromEntries(documents) as LegalTexts)
    : undefined;
  return { problems, texts, legal, files };
}

type CatalogueLoad = { problems: Problem[]; catalogue: CatalogueFile; files: string[] };

async function loadCatalogue(
  folder: string,
  config: NetworkFile,
  label: (path: string) => string,
): Promise<CatalogueLoad> {
  const path = join(folder, CATALOGUE_FILE);
  if (!(await exists(path))) return { problems: [], catalogue: EMPTY_CATALOGUE, files: [] };
  const file = label(path);
  const read = await readJson(path, file);
  if (!read.ok) return { problems: [read.problem], catalogue: EMPTY_CATALOGUE, files: [path] };
  const parsed = catalogueFileSchema.safeParse(read.value);
  if (!parsed.success)
    return { problems: problemsFromZod(file, parsed.error), catalogue: EMPTY_CATALOGUE, files: [path] };
  return { problems: checkCatalogue(file, parsed.data, config), catalogue: parsed.data, files: [path] };
}

type NetworkLoad = {
  slug: string;
  file: string;
  /** Parsed network file, when it parsed (used for the duplicate and global-alert checks). */
  config: NetworkFile | null;
  loaded: LoadedNetwork | null;
  problems: Problem[];
};

async function loadNetwork(
  tenantsDir: string,
  slug: string,
  themes: ReadonlyMap<string, ThemeFile | null>,
  label: (path: string) => string,
): Promise<NetworkLoad> {
  const folder = join(tenantsDir, slug);
  const networkPath = join(folder, NETWORK_FILE);
  const file = label(networkPath);
  const problems: Problem[] = [];
  if (!SLUG_PATTERN.test(slug)) {
    problems.push({
      file: label(folder),
      field: '',
      message: 'a network folder name is lowercase letters, digits and dashes',
    });
  }
  const read = await readJson(networkPath, file);
  if (!read.ok) return { slug, file, config: null, loaded: null, problems: [...problems, read.problem] };
  // The fields first, then the rules across fields: a broken rule must not hide the other checks.
  const parsed = networkFileFieldsSchema.safeParse(read.value);
  if (!parsed.success) {
    const schemaProblems = problemsFromZod(file, parsed.error);
    return { slug, file, config: null, loaded: null, problems: [...problems, ...schemaProblems] };
  }
  const config: NetworkFile = parsed.data;
  for (const issue of networkFileRuleIssues(config))
    problems.push({ file, field: issue.path.join('.'), message: issue.message });
  problems.push(...checkNetworkTexts(file, config));

  const logoPath = join(folder, config.logo);
  if (!(await exists(logoPath)))
    problems.push({ file, field: 'logo', message: `logo file ${config.logo} is missing` });

  const themed = checkNetworkTheme(file, config, themes);
  problems.push(...themed.problems);

  const [locales, catalogue] = await Promise.all([
    Promise.all(config.languages.map((locale) => loadLocale(folder, locale, label))),
    loadCatalogue(folder, config, label),
  ]);
  const texts: Partial<Record<Locale, CustomTexts>> = {};
  const legal: Partial<Record<Locale, LegalTexts>> = {};
  config.languages.forEach((locale, index) => {
    const load = locales[index] as LocaleLoad;
    problems.push(...load.problems);
    if (load.texts) texts[locale] = load.texts;
    if (load.legal) legal[locale] = load.legal;
  });
  problems.push(...catalogue.problems);

  if (problems.length > 0 || !themed.theme) return { slug, file, config, loaded: null, problems };
  const files = [networkPath, logoPath, ...locales.flatMap((load) => load.files), ...catalogue.files];
  return {
    slug,
    file,
    config,
    loaded: {
      network: { slug, config, logoFile: config.logo, texts, legal },
      theme: themed.theme,
      catalogue: catalogue.catalogue,
      logoPath,
      files,
    },
    problems,
  };
}

async function loadGlobalAlerts(
  tenantsDir: string,
  label: (path: string) => string,
  networkLanguages: Locale[][],
) {
  const path = join(tenantsDir, GLOBAL_ALERTS_FILE);
  if (!(await exists(path))) return { alerts: [] as AlertDefinition[], problems: [] as Problem[] };
  const file = label(path);
  const read = await readJson(path, file);
  if (!read.ok) return { alerts: [], problems: [read.problem] };
  const parsed = globalAlertsFileSchema.safeParse(read.value);
  if (!parsed.success) return { alerts: [], problems: problemsFromZod(file, parsed.error) };
  const problems = checkGlobalAlerts(file, parsed.data.alerts, networkLanguages);
  return { alerts: problems.length === 0 ? parsed.data.alerts : [], problems };
}

/**
 * Loads and checks every theme and network. Problems are reported for every file at once;
 * a network with any problem (its own or its theme's) is left out and named in invalidSlugs.
 */
export async function loadTenants(options: { tenantsDir: string; themesDir: string }): Promise<LoadResult> {
  const tenantsLabel = (path: string) => relative(dirname(options.tenantsDir), path);
  const themesLabel = (path: string) => relative(dirname(options.themesDir), path);
  const themes = await loadThemes(options.themesDir, themesLabel);
  const catalogue = new Map([...themes].map(([id, load]) => [id, load.file]));
  const problems: Problem[] = [...themes.values()].flatMap((theme) => theme.problems);

  const slugs = await listNetworkSlugs(options.tenantsDir);
  const results = await mapLimited(slugs, NETWORK_CONCURRENCY, (slug) =>
    loadNetwork(options.tenantsDir, slug, catalogue, tenantsLabel),
  );
  for (const result of results) problems.push(...result.problems);

  // Duplicates are checked over every parsed network, valid or not, so an operator sees a clash
  // before fixing the rest of the file. Valid networks claim first (in folder order): a broken
  // copy of a network is the one reported, and never takes the domain of the one being served.
  const parsed = results.filter((result) => result.config !== null);
  const claimOrder = [
    ...parsed.filter((result) => result.loaded),
    ...parsed.filter((result) => !result.loaded),
  ];
  const duplicates = findDuplicateClaims(
    claimOrder.map(({ slug, file, config }) => ({
      slug,
      file,
      id: (config as NetworkFile).id,
      domains: (config as NetworkFile).domains,
    })),
  );
  problems.push(...duplicates.problems);

  const networks = results
    .filter((result) => result.loaded && !duplicates.refused.has(result.slug))
    .map((result) => result.loaded as LoadedNetwork);
  const served = new Set(networks.map((entry) => entry.network.slug));
  const invalidSlugs = slugs.filter((slug) => !served.has(slug));

  const global = await loadGlobalAlerts(
    options.tenantsDir,
    tenantsLabel,
    parsed.map((result) => (result.config as NetworkFile).languages),
  );
  problems.push(...global.problems);
  return { networks, invalidSlugs, globalAlerts: global.alerts, problems, themeCount: themes.size };
}
