// Temporary tenant and theme folders a test may break at will: a copy of the demo files, or generated networks.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import { testSeller } from './seller.ts';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

type Json = Record<string, unknown>;

/** A temporary folder owned by the running test and removed when it ends. */
async function testFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Copies tenants/ and themes/ of the repository into a new temporary folder (removed after the test). */
export async function copyDemoTenants() {
  const dir = await testFolder('tenancy-');
  await cp(join(repoRoot, 'tenants'), join(dir, 'tenants'), { recursive: true });
  await cp(join(repoRoot, 'themes'), join(dir, 'themes'), { recursive: true });
  const tenantsDir = join(dir, 'tenants');
  const themesDir = join(dir, 'themes');
  /** Edits a JSON file given relative to the temporary folder, e.g. tenants/lumiere/network.json. */
  const editJson = async (path: string, edit: (value: Json) => void) => {
    const full = join(dir, path);
    const value = JSON.parse(await readFile(full, 'utf8'));
    edit(value);
    await writeFile(full, JSON.stringify(value));
  };
  return { dir, tenantsDir, themesDir, editJson };
}

/** Writes a small valid network (one language, the demo theme "lumiere") into tenantsDir/slug. */
export async function writeNetwork(
  tenantsDir: string,
  slug: string,
  network: { id: number; domains: string[] } & Json,
): Promise<void> {
  const folder = join(tenantsDir, slug);
  await mkdir(join(folder, 'texts'), { recursive: true });
  await mkdir(join(folder, 'legal', 'fr'), { recursive: true });
  const file = {
    name: `Réseau ${slug}`,
    logo: 'logo.svg',
    languages: ['fr'],
    defaultLanguage: 'fr',
    theme: { id: 'lumiere' },
    timeZone: 'Europe/Paris',
    guestMaxOrderAmount: 5000,
    signingKey: `${slug}-0123456789abcdef`,
    seller: testSeller,
    ...network,
  };
  await Promise.all([
    writeFile(join(folder, 'network.json'), JSON.stringify(file)),
    writeFile(join(folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><title>R</title></svg>'),
    writeFile(
      join(folder, 'texts', 'fr.json'),
      JSON.stringify({ tagline: 'Slogan', homeTitle: 'Accueil', homeIntro: 'Introduction' }),
    ),
    ...['legal-notices', 'privacy-policy', 'terms-of-use'].map((name) =>
      writeFile(join(folder, 'legal', 'fr', `${name}.html`), `<h2>${name}</h2><p>Texte.</p>`),
    ),
  ]);
}

/** A temporary folder with the demo themes and `count` generated networks (ids 1..count). */
export async function generateTenants(count: number) {
  const dir = await testFolder('tenancy-many-');
  const tenantsDir = join(dir, 'tenants');
  const themesDir = join(dir, 'themes');
  await cp(join(repoRoot, 'themes'), themesDir, { recursive: true });
  await mkdir(tenantsDir);
  for (let start = 0; start < count; start += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - start) }, (_, i) => {
        const n = start + i + 1;
        return writeNetwork(tenantsDir, `network-${n}`, { id: n, domains: [`network-${n}.localhost`] });
      }),
    );
  }
  return { dir, tenantsDir, themesDir };
}
