// Reads every theme and network folder, validates them and returns the valid networks. Node only.
import { access, readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { type AlertDefinition, alertDefinitionSchema } from '@transit-shop/sdk/alerts/alert.schema';
import { LEGAL_DOCUMENTS, type LegalDocumentKind } from '@transit-shop/sdk/contract/networks';
import type { Locale } from '@transit-shop/sdk/locales';
import { z } from 'zod';
import {
  type CustomTexts,
  customTextsSchema,
  type LegalTexts,
  type NetworkFile,
  networkFileSchema,
} from './network.schema.ts';
import { TenantRegistry } from './registry.ts';
import { sanitizeTenantHtml } from './sanitize.ts';
import { type ThemeFile, themeFileSchema } from './theme.schema.ts';
import { resolveTheme, unresolvedTokens } from './theme-resolve.ts';
import type { LoadedNetwork, Problem } from './types.ts';
import { checkAlerts, checkNetworkTexts, checkThemeContrast, problemsFromZod } from './validate.ts';

export type LoadResult = {
  networks: LoadedNetwork[];
  invalidSlugs: string[];
  globalAlerts: AlertDefinition[];
  problems: Problem[];
  themeCount: number;
};

export const GLOBAL_ALERTS_FILE = 'global-alerts.json';
export const LEGAL_FILE_NAMES: Record<LegalDocumentKind, string> = {
  legalNotices: 'legal-notices.html',
  privacyPolicy: 'privacy-policy.html',
  termsOfUse: 'terms-of-use.html',
};

const globalAlertsFileSchema = z.object({ alerts: z.array(alertDefinitionSchema) }).strict();

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

type ThemeLoad = { file: ThemeFile | null; problems: Problem[] };

async function loadThemes(
  themesDir: string,
  label: (path: string) => string,
): Promise<Map<string, ThemeLoad>> {
  const entries = (await readdir(themesDir).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.json'),
  );
  const themes = new Map<string, ThemeLoad>();
  await Promise.all(
    entries.map(async (name) => {
      const path = join(themesDir, name);
      const file = label(path);
      const id = basename(name, '.json');
      const read = await readJson(path, file);
      if (!read.ok) return themes.set(id, { file: null, problems: [read.problem] });
      const parsed = themeFileSchema.safeParse(read.value);
      if (!parsed.success)
        return themes.set(id, { file: null, problems: problemsFromZod(file, parsed.error) });
      const theme = parsed.data;
      const problems: Problem[] = [];
      if (theme.id !== id)
        problems.push({ file, field: 'id', message: `the id must match the file name "${id}"` });
      for (const scheme of ['light', 'dark'] as const) {
        for (const token of unresolvedTokens(theme.colorSchemes[scheme] as never, theme.scales)) {
          problems.push({
            file,
            field: `colorSchemes.${scheme}.${token}`,
            message: 'bad colour: unknown scale step',
          });
        }
      }
      if (problems.length === 0)
        problems.push(...checkThemeContrast(file, 'colorSchemes', resolveTheme(theme)));
      themes.set(id, { file: problems.length === 0 ? theme : null, problems });
    }),
  );
  return themes;
}

async function loadNetwork(
  tenantsDir: string,
  slug: string,
  themes: Map<string, ThemeLoad>,
  label: (path: string) => string,
): Promise<{ loaded: LoadedNetwork | null; problems: Problem[] }> {
  const folder = join(tenantsDir, slug);
  const networkPath = join(folder, 'network.json');
  const file = label(networkPath);
  const problems: Problem[] = [];
  if (!/^[a-z][a-z0-9-]*$/.test(slug)) {
    problems.push({
      file: label(folder),
      field: '',
      message: 'a network folder name is lowercase letters, digits and dashes',
    });
  }
  const read = await readJson(networkPath, file);
  if (!read.ok) return { loaded: null, problems: [...problems, read.problem] };
  const parsed = networkFileSchema.safeParse(read.value);
  if (!parsed.success)
    return { loaded: null, problems: [...problems, ...problemsFromZod(file, parsed.error)] };
  const config: NetworkFile = parsed.data;
  problems.push(...checkNetworkTexts(file, config));

  const logoPath = join(folder, config.logo);
  const files = [networkPath, logoPath];
  if (!(await exists(logoPath)))
    problems.push({ file, field: 'logo', message: `logo file ${config.logo} is missing` });

  const theme = themes.get(config.theme.id);
  let resolved = null;
  if (!theme) problems.push({ file, field: 'theme.id', message: `unknown theme "${config.theme.id}"` });
  else if (!theme.file)
    problems.push({ file, field: 'theme.id', message: `theme "${config.theme.id}" has problems` });
  else {
    resolved = resolveTheme(theme.file, config.theme.overrides);
    if (config.theme.overrides) problems.push(...checkThemeContrast(file, 'theme.overrides', resolved));
  }

  const texts: Partial<Record<Locale, CustomTexts>> = {};
  const legal: Partial<Record<Locale, LegalTexts>> = {};
  await Promise.all(
    config.languages.map(async (locale) => {
      const textsPath = join(folder, 'texts', `${locale}.json`);
      files.push(textsPath);
      const textsRead = await readJson(textsPath, label(textsPath));
      if (!textsRead.ok) {
        problems.push({ ...textsRead.problem, message: `missing locale text: ${textsRead.problem.message}` });
      } else {
        const parsedTexts = customTextsSchema.safeParse(textsRead.value);
        if (parsedTexts.success) texts[locale] = parsedTexts.data;
        else problems.push(...problemsFromZod(label(textsPath), parsedTexts.error));
      }
      const documents: Partial<LegalTexts> = {};
      await Promise.all(
        LEGAL_DOCUMENTS.map(async (kind) => {
          const path = join(folder, 'legal', locale, LEGAL_FILE_NAMES[kind]);
          files.push(path);
          const html = await readFile(path, 'utf8').catch(() => null);
          const clean = html === null ? '' : sanitizeTenantHtml(html);
          if (!clean)
            problems.push({
              file: label(path),
              field: '',
              message: `missing locale text: ${kind} for "${locale}"`,
            });
          else documents[kind] = clean;
        }),
      );
      if (Object.keys(documents).length === LEGAL_DOCUMENTS.length) legal[locale] = documents as LegalTexts;
    }),
  );

  if (problems.length > 0 || !resolved) return { loaded: null, problems };
  return {
    loaded: {
      network: { slug, config, logoFile: config.logo, texts, legal },
      theme: resolved,
      logoPath,
      files,
    },
    problems,
  };
}

async function loadGlobalAlerts(tenantsDir: string, label: (path: string) => string) {
  const path = join(tenantsDir, GLOBAL_ALERTS_FILE);
  if (!(await exists(path))) return { alerts: [] as AlertDefinition[], problems: [] as Problem[] };
  const file = label(path);
  const read = await readJson(path, file);
  if (!read.ok) return { alerts: [], problems: [read.problem] };
  const parsed = globalAlertsFileSchema.safeParse(read.value);
  if (!parsed.success) return { alerts: [], problems: problemsFromZod(file, parsed.error) };
  const problems = checkAlerts(file, 'alerts', parsed.data.alerts, []);
  return { alerts: problems.length === 0 ? parsed.data.alerts : [], problems };
}

export async function loadTenants(options: { tenantsDir: string; themesDir: string }): Promise<LoadResult> {
  const base = dirname(options.tenantsDir);
  const label = (path: string) => relative(base, path);
  const themes = await loadThemes(options.themesDir, (path) => relative(dirname(options.themesDir), path));
  const problems: Problem[] = [...themes.values()].flatMap((theme) => theme.problems);

  const entries = await readdir(options.tenantsDir, { withFileTypes: true }).catch(() => []);
  const slugs = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const results = await Promise.all(
    slugs.map((slug) => loadNetwork(options.tenantsDir, slug, themes, label)),
  );
  const invalidSlugs = new Set<string>();
  const networks: LoadedNetwork[] = [];
  results.forEach((result, index) => {
    problems.push(...result.problems);
    if (result.loaded) networks.push(result.loaded);
    else invalidSlugs.add(slugs[index] as string);
  });

  // Duplicate ids and domains: the later network (in folder order) is the one refused.
  let valid = networks;
  for (;;) {
    const built = TenantRegistry.build(valid);
    if ('registry' in built) break;
    problems.push(...built.problems);
    const refused = new Set(built.problems.map((p) => p.file.split(/[\\/]/).at(-2) as string));
    for (const slug of refused) invalidSlugs.add(slug);
    valid = valid.filter((entry) => !refused.has(entry.network.slug));
  }

  const global = await loadGlobalAlerts(options.tenantsDir, label);
  problems.push(...global.problems);
  return {
    networks: valid,
    invalidSlugs: [...invalidSlugs],
    globalAlerts: global.alerts,
    problems,
    themeCount: themes.size,
  };
}
