/**
 * Vitest globalSetup of the browser suites (the web app's and the WordPress plugin's): the server
 * processes they start run on SQLite only, so only the SQLite template is made (see
 * database-templates.ts); a PostgreSQL one would be migrated for nothing whenever TEST_DATABASE_URL is set.
 */
export { setupSqliteOnly as setup } from './database-templates';
