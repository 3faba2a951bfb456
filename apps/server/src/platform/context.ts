import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DialectName } from '../db/database';
import type { Database } from '../db/schema';
import type { DerivedKeys } from './secrets';

/** What every module is built from. Services receive it once, at construction. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  /** Which database: a few operations differ (PostgreSQL's advisory locks and asynchronous commit). */
  dialect: DialectName;
  keys: DerivedKeys;
  /** Current time in epoch ms; replaceable in tests. */
  now: () => number;
}
