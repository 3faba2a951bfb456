// Creates or drops a PostgreSQL database for a test run: node scripts/pg-database.mjs create|drop <url>
import pg from 'pg';

const [action, url] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !url) {
  console.error('usage: node scripts/pg-database.mjs create|drop postgres://user@host:port/name');
  process.exit(2);
}
const target = new URL(url);
const name = target.pathname.slice(1);
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(action === 'create' ? `create database ${name}` : `drop database if exists ${name} with (force)`);
await client.end();
console.log(`${action === 'create' ? 'created' : 'dropped'} database ${name}`);
