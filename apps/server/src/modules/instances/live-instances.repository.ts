import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The ids of the instances alive since `aliveSince` (a heartbeat at or after it), as a subquery
 * for other modules' statements: work held by an instance not among them may be taken over. The
 * one place outside this module's registry that reads the `instances` table.
 */
export function liveInstanceIds(db: Pick<Kysely<Database>, 'selectFrom'>, aliveSince: number) {
  return db.selectFrom('instances').select('id').where('heartbeat_at', '>=', aliveSince);
}
