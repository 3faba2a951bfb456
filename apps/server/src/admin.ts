import { runAdminCommand } from './admin/admin-commands';
import { openAppContext } from './composition/app-database';
import { createUserRepository } from './modules/users/user.repository';
import { createUserService } from './modules/users/user.service';
import { loadConfigOrExit } from './process-lifecycle';

/** `npm run admin -- <command>`: operator commands against the configured database. */
async function main() {
  const config = loadConfigOrExit();
  // The same context the server and the worker are built from (database waited for and migrated).
  const { ctx, closeDatabase } = await openAppContext(config, {}, {});
  try {
    process.exitCode = await runAdminCommand(process.argv.slice(2), {
      users: createUserService(ctx, createUserRepository(ctx.db)),
      print: (line) => console.log(line),
    });
  } finally {
    await closeDatabase();
  }
}

void main();
