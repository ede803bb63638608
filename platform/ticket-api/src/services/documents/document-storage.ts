// Where document files are kept (decision 0033): through the storage port, on the file system under
// the data directory by default, in the database where the service keeps no directory (an
// in-memory data directory, as tests use).

import { join } from 'node:path';
import { IN_MEMORY_DATA_DIR } from '../../env.ts';
import {
  createDatabaseFileStorage,
  createLocalFileStorage,
  type FileStorage,
} from '../../storage/file-storage.ts';
import type { AppDeps } from '../app-deps.ts';
import { type QualificationProvider, undecidedProvider } from './qualification-provider.ts';

export function documentStorageOf(deps: Pick<AppDeps, 'db' | 'clock' | 'documentStorage'>): FileStorage {
  return deps.documentStorage ?? createDatabaseFileStorage({ db: deps.db, clock: deps.clock });
}

export function qualificationProviderOf(deps: Pick<AppDeps, 'qualificationProvider'>): QualificationProvider {
  return deps.qualificationProvider ?? undecidedProvider;
}

/** The documents folder of the data directory; none for an in-memory one. */
export function documentStorageInDataDir(dataDir: string): FileStorage | undefined {
  return dataDir === IN_MEMORY_DATA_DIR ? undefined : createLocalFileStorage(join(dataDir, 'documents'));
}
