/**
 * npm run bench: runs every exported `bench*` function of bench/*.bench.ts in one process, one
 * after the other (so measurements do not compete for the 2 cores), and prints one table.
 * `npm run bench -- monitor jobs` runs only the files whose names contain one of the words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchRow } from './support/stats';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((word) => file.includes(word)))
  .sort();
const rows: BenchRow[] = [];

for (const file of files) {
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
  for (const [exportName, fn] of Object.entries(module)) {
    if (!exportName.startsWith('bench') || typeof fn !== 'function') continue;
    console.error(`running ${file} › ${exportName} …`);
    const result = (await fn()) as BenchRow | BenchRow[];
    rows.push(...(Array.isArray(result) ? result : [result]));
  }
}

const format = (value: unknown) =>
  typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(2)) : String(value ?? '');
console.log('\n| benchmark | measured | baseline | ratio | target | result |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  const unit = row.unit ? ` ${row.unit}` : '';
  console.log(
    `| ${row.name} | ${format(row.measured)}${unit} | ${format(row.baseline)}${row.baseline === undefined ? '' : unit} | ${format(row.ratio)} | ${row.target} | ${row.pass ? 'pass' : 'MISS'} |`,
  );
}
const missed = rows.filter((row) => !row.pass).length;
console.log(`\n${rows.length - missed} passed, ${missed} failed`);
process.exitCode = missed > 0 ? 1 : 0;
