import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as usageRollups from './0002-usage-rollups';

/** Every migration, in order. Add new ones here; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-usage-rollups': usageRollups,
};
