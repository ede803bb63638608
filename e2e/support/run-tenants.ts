// The tenants folder the platform under test serves: a copy of the repository's tenants/ in the
// run's own temporary folder, watched by the platform (decision 0025), so a test may add a network
// to it while the platform runs without ever writing into the repository.
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const repositoryTenants = join(import.meta.dirname, '..', '..', 'tenants');

/** The run's tenants folder inside `runDir`, copied from the repository's on the first call. */
export function runTenantsDir(runDir: string): string {
  const dir = join(runDir, 'tenants');
  if (!existsSync(dir)) cpSync(repositoryTenants, dir, { recursive: true });
  return dir;
}
