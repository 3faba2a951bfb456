// Creates or drops a PostgreSQL database for a test run:
//   node scripts/pg-database.mjs create|drop <url> [--tablespace-in <folder>]
//
// --tablespace-in: the database, and every database the suites create (TEST_POSTGRES_TABLESPACE),
// live in a tablespace of that name in <folder>/<name> (CI: /dev/shm, a RAM disk). The suites create
// and drop a database from a template for each test server, hundreds a run, each about 900 files;
// on this machine's ext4 the server's inode search among the files just deleted made that 0.22 s of
// CPU per database, and 3x less on tmpfs (100 in a row, 2026-11-29). Only where the server is this
// machine: the folder must be the server's to write, so it is given to the owner of its data directory;
// elsewhere the option is refused, and the suites run in the default tablespace.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const [action, url, option, folder] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !url || (option !== undefined && (option !== '--tablespace-in' || !folder))) {
  console.error('usage: node scripts/pg-database.mjs create|drop postgres://user@host:port/name [--tablespace-in <folder>]');
  process.exit(2);
}
const target = new URL(url);
const name = target.pathname.slice(1);
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
const location = folder && path.join(path.resolve(folder), name);

if (action === 'create') {
  if (location) {
    const { rows } = await client.query("select current_setting('data_directory') as dir");
    if (!fs.existsSync(rows[0].dir)) throw new Error(`--tablespace-in: the server's data directory ${rows[0].dir} is not on this machine`);
    const owner = fs.statSync(rows[0].dir);
    fs.mkdirSync(location, { recursive: true });
    fs.chownSync(location, owner.uid, owner.gid);
    await client.query(`create tablespace ${name} location '${location.replaceAll("'", "''")}'`);
  }
  await client.query(`create database ${name}${location ? ` tablespace ${name}` : ''}`);
} else {
  await client.query(`drop database if exists ${name} with (force)`);
  if (location) {
    // A suite's database left behind (a run stopped mid-file) would keep the tablespace from going.
    const { rows } = await client.query('select datname from pg_database d join pg_tablespace t on t.oid = d.dattablespace where t.spcname = $1', [name]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.query(`drop tablespace if exists ${name}`);
    fs.rmSync(location, { recursive: true, force: true });
  }
}
await client.end();
console.log(`${action === 'create' ? 'created' : 'dropped'} database ${name}${location ? ` (tablespace in ${location})` : ''}`);
