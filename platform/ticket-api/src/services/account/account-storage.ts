// The files of accounts (profile pictures) go through the storage port into the database every
// replica shares (decision 0011); the local-directory adapter is there for one machine.
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { createDatabaseFileStorage, type FileStorage } from '../../storage/file-storage.ts';

export function accountStorageOf(deps: { db: Database; clock: Clock }): FileStorage {
  return createDatabaseFileStorage({ db: deps.db, clock: deps.clock });
}
