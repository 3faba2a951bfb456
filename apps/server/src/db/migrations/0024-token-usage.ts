import type { Kysely } from 'kysely';

/*
 * Token usage (issue 26): the input, output and cached input tokens a provider reported for a
 * description. Usage events and their hourly rollups sum them (0 where no model was called: a cache
 * hit, the offline describer, a refusal, and every event before this migration); a history row keeps
 * its description's own, NULL when no model was called. Job items carry theirs inside `result`.
 */
const TOKEN_COLUMNS = ['input_tokens', 'output_tokens', 'cached_input_tokens'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['usage_events', 'usage_rollups']) {
    for (const column of TOKEN_COLUMNS) {
      await db.schema.alterTable(table).addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0)).execute();
    }
  }
  for (const column of TOKEN_COLUMNS) {
    await db.schema.alterTable('generations').addColumn(column, 'bigint').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['generations', 'usage_rollups', 'usage_events']) {
    for (const column of TOKEN_COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
