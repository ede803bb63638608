import type { AlertDefinition } from '@transit-shop/sdk/alerts/alert.schema';
import { describe, expect, it } from 'vitest';
import type { ThemeFile } from './theme.schema.ts';
import {
  checkAlerts,
  checkGlobalAlerts,
  checkNetworkTheme,
  checkThemeFile,
  findDuplicateClaims,
} from './validate.ts';

const alert = (id: string, extra: Partial<AlertDefinition> = {}): AlertDefinition => ({
  id,
  level: 'INFO',
  flags: [],
  displayAfter: null,
  displayBefore: null,
  displayed: true,
  message: { fr: 'Message', en: 'Message' },
  ...extra,
});

const scheme = {
  primary: { main: 'brand.700', contrastText: '#fff' },
  secondary: { main: '#333333', contrastText: '#ffffff' },
  error: { main: '#b3261e', contrastText: '#ffffff' },
  warning: { main: '#8a4b00', contrastText: '#ffffff' },
  info: { main: '#0b5cad', contrastText: '#ffffff' },
  success: { main: '#1b6e35', contrastText: '#ffffff' },
  background: { default: '#ffffff', paper: '#ffffff' },
  text: { primary: '#111111', secondary: '#444444' },
  divider: '#dddddd',
  header: { background: 'brand.700', text: '#ffffff' },
};
const theme: ThemeFile = {
  id: 'plain',
  name: 'Plain',
  scales: { brand: { 50: '#eeeeff', 300: '#8888ff', 700: '#1a1a99' } as ThemeFile['scales'][string] },
  colorSchemes: {
    light: scheme,
    dark: {
      ...scheme,
      primary: { main: 'brand.300', contrastText: '#000000' },
      background: { default: '#111111', paper: '#1a1a1a' },
      text: { primary: '#eeeeee', secondary: '#bbbbbb' },
    },
  },
  typography: { fontFamily: 'Arial', fontSize: 14 },
  shape: { borderRadius: 4 },
};

describe('alert checks', () => {
  it('refuses an alert window that ends before or when it starts', () => {
    const problems = checkAlerts(
      'f',
      'maintenanceAlerts',
      [
        alert('a', { displayAfter: '2026-12-02T00:00:00Z', displayBefore: '2026-12-01T00:00:00Z' }),
        alert('b', { displayAfter: '2026-12-01T00:00:00Z', displayBefore: '2026-12-01T00:00:00Z' }),
        alert('c', { displayAfter: '2026-12-01T00:00:00Z', displayBefore: '2026-12-01T00:00:01Z' }),
        alert('d', { displayAfter: '2026-12-01T00:00:00Z' }),
        alert('e', { displayBefore: '2026-12-01T00:00:00+01:00' }),
      ],
      ['fr'],
    );
    expect(problems.map((p) => p.field)).toEqual([
      'maintenanceAlerts.0.displayBefore',
      'maintenanceAlerts.1.displayBefore',
    ]);
    expect(problems[0]?.message).toBe('invalid alert window: displayBefore must be after displayAfter');
  });

  it('compares instants, not text, across time-zone offsets', () => {
    const problems = checkAlerts(
      'f',
      'alerts',
      [alert('a', { displayAfter: '2026-12-01T10:00:00+02:00', displayBefore: '2026-12-01T09:00:00Z' })],
      [],
    );
    expect(problems).toEqual([]);
  });

  it('reports duplicate alert ids and a title or message missing for an offered language', () => {
    const problems = checkAlerts(
      'tenants/x/network.json',
      'maintenanceAlerts',
      [alert('same'), alert('same', { title: { fr: 'Titre' } })],
      ['fr', 'en', 'ar'],
    );
    expect(problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      'maintenanceAlerts.0.message.ar: missing locale text: no text for offered language "ar"',
      'maintenanceAlerts.1.id: duplicate alert id "same"',
      'maintenanceAlerts.1.message.ar: missing locale text: no text for offered language "ar"',
      'maintenanceAlerts.1.title.en: missing locale text: no text for offered language "en"',
      'maintenanceAlerts.1.title.ar: missing locale text: no text for offered language "ar"',
    ]);
  });

  it('asks global alerts for every language some network offers', () => {
    const problems = checkGlobalAlerts('tenants/global-alerts.json', [alert('g')], [['fr'], ['en', 'it']]);
    expect(problems.map((p) => p.field)).toEqual(['alerts.0.message.it']);
  });
});

describe('theme checks', () => {
  it('accepts a theme whose references resolve and whose text pairs pass AA', () => {
    expect(checkThemeFile('themes/plain.json', 'plain', theme)).toEqual([]);
  });

  it('reports an id that is not the file name and an unknown scale step', () => {
    const broken: ThemeFile = {
      ...theme,
      colorSchemes: { ...theme.colorSchemes, dark: { ...theme.colorSchemes.dark, divider: 'brand.500' } },
    };
    expect(checkThemeFile('themes/other.json', 'other', broken)).toEqual([
      { file: 'themes/other.json', field: 'id', message: 'the id must match the file name "other"' },
      {
        file: 'themes/other.json',
        field: 'colorSchemes.dark.divider',
        message: 'bad colour: unknown scale step',
      },
    ]);
  });

  it('reports a contrast failure at the foreground token of its scheme', () => {
    const pale: ThemeFile = {
      ...theme,
      colorSchemes: {
        ...theme.colorSchemes,
        light: { ...theme.colorSchemes.light, warning: { main: '#ffcc00', contrastText: '#ffffff' } },
      },
    };
    const [failure, ...rest] = checkThemeFile('themes/plain.json', 'plain', pale);
    expect(rest).toEqual([]);
    expect(failure?.field).toBe('colorSchemes.light.warning.contrastText');
    expect(failure?.message).toMatch(/^text contrast 1\.\d+:1 of warning\.contrastText on warning\.main/);
  });

  it('checks a network theme: unknown, broken, bad override reference, override breaking contrast', () => {
    const themes = new Map<string, ThemeFile | null>([
      ['plain', theme],
      ['broken', null],
    ]);
    const file = 'tenants/x/network.json';
    expect(checkNetworkTheme(file, { theme: { id: 'nope' } }, themes).problems[0]?.message).toBe(
      'unknown theme "nope"',
    );
    expect(checkNetworkTheme(file, { theme: { id: 'broken' } }, themes).problems[0]?.message).toBe(
      'theme "broken" has problems',
    );
    const badStep = checkNetworkTheme(
      file,
      { theme: { id: 'plain', overrides: { light: { divider: 'brand.900' } } } },
      themes,
    );
    expect(badStep.problems.map((p) => p.field)).toEqual(['theme.overrides.light.divider']);
    expect(badStep.theme).toBeNull();
    const faint = checkNetworkTheme(
      file,
      { theme: { id: 'plain', overrides: { dark: { text: { secondary: '#333' } } } } },
      themes,
    );
    expect(faint.problems.map((p) => p.field)).toEqual([
      'theme.overrides.dark.text.secondary',
      'theme.overrides.dark.text.secondary',
    ]);
    const fine = checkNetworkTheme(
      file,
      { theme: { id: 'plain', overrides: { shape: { borderRadius: 0 } } } },
      themes,
    );
    expect(fine.problems).toEqual([]);
    expect(fine.theme?.shape.borderRadius).toBe(0);
  });
});

describe('duplicate claims', () => {
  const claim = (slug: string, id: number, domains: string[]) => ({
    slug,
    file: `tenants/${slug}/network.json`,
    id,
    domains,
  });

  it('keeps an id or a domain for the first network and refuses the later one whole', () => {
    const { problems, refused } = findDuplicateClaims([
      claim('a', 1, ['a.localhost']),
      claim('b', 1, ['b.localhost', 'a.localhost']),
      // b is refused, so its domain is free for c.
      claim('c', 3, ['b.localhost']),
    ]);
    expect(problems.map((p) => `${p.file} ${p.field}: ${p.message}`)).toEqual([
      'tenants/b/network.json id: id 1 is also used by a',
      'tenants/b/network.json domains.1: domain a.localhost is also used by a',
    ]);
    expect([...refused]).toEqual(['b']);
  });
});
