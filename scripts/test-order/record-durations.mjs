// Records each test file's duration from Vitest's local cache of the last runs (node_modules/.vite/vitest)
// into durations.json (milliseconds), which orders the files of a fresh clone's run (longest-first.ts).
// Run it after a full `npm test` and `npm run test:browser`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const root = path.join(here, '../..');
const cacheDir = path.join(root, 'node_modules/.vite/vitest');
const target = path.join(here, 'durations.json');
const durations = JSON.parse(readFileSync(target, 'utf8'));
for (const run of readdirSync(cacheDir)) {
  const { results } = JSON.parse(readFileSync(path.join(cacheDir, run, 'results.json'), 'utf8'));
  // Keyed "project:path" there; by path here (a file runs as long in whichever project includes it).
  for (const [key, { duration, failed }] of results) {
    // A failed file's duration says when it failed, not how long it runs.
    if (!failed && duration > 0) durations[key.slice(key.indexOf(':') + 1)] = Math.round(duration);
  }
}
// A file that is gone leaves the list.
const kept = Object.entries(durations).filter(([file]) => existsSync(path.join(root, file)));
const sorted = Object.fromEntries(kept.sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files' durations in ${path.relative(process.cwd(), target)}`);
