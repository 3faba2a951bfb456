import { migrateToLatest, openDatabase } from './db/database';
import { runAdminCommand } from './admin/admin-commands';
import { createUserService } from './modules/users/user.service';
import type { AppContext } from './platform/context';
import { loadConfigOrExit } from './process-lifecycle';
import { deriveKeys, loadAppSecret } from './platform/secrets';

/** `npm run admin -- <command>`: operator commands against the configured database. */
async function main() {
  const config = loadConfigOrExit();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
    const ctx: AppContext = {
      config,
      db: database.db,
      dialect: database.dialect,
      keys: deriveKeys(loadAppSecret(config.appSecret, config.dataDir)),
      now: Date.now,
    };
    process.exitCode = await runAdminCommand(process.argv.slice(2), {
      users: createUserService(ctx),
      print: (line) => console.log(line),
    });
  } finally {
    await database.destroy();
  }
}

void main();
