// Copies the demo tenant and theme files into a temporary folder a test may break at will.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export async function copyDemoTenants() {
  const dir = await mkdtemp(join(tmpdir(), 'tenancy-'));
  await cp(join(repoRoot, 'tenants'), join(dir, 'tenants'), { recursive: true });
  await cp(join(repoRoot, 'themes'), join(dir, 'themes'), { recursive: true });
  const tenantsDir = join(dir, 'tenants');
  const themesDir = join(dir, 'themes');
  const editJson = async (path: string, edit: (value: Record<string, unknown>) => void) => {
    const full = join(dir, path);
    const value = JSON.parse(await readFile(full, 'utf8'));
    edit(value);
    await writeFile(full, JSON.stringify(value));
  };
  return { dir, tenantsDir, themesDir, editJson };
}
