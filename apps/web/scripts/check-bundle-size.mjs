// Budget for the landing page: the JavaScript a first visit to "/" downloads
// (the entry chunk, the landing route's chunks and everything they import statically).
// Reads dist/.vite/manifest.json written by `vite build` (build.manifest: true).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

// The route modules a visitor of "/" needs besides the entry (see src/app/router.tsx).
const LANDING_ROUTE_SOURCES = ['src/app/layouts/public-layout.tsx', 'src/features/landing/landing-page.tsx'];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');

const keys = new Set();
const visit = (key) => {
  if (keys.has(key) || !manifest[key]) return;
  keys.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
visit(entryKey);
for (const source of LANDING_ROUTE_SOURCES) {
  if (!manifest[source]) throw new Error(`The landing route module ${source} is not in the manifest`);
  visit(source);
}

const rows = [...keys].map((key) => {
  const file = manifest[key].file;
  const bytes = readFileSync(path.join(dist, file));
  // Chart.js carries this message in every build; its presence means chart code reached the landing page.
  const hasChartCode = bytes.includes('Canvas is already in use');
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, hasChartCode };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const forbidden = rows.filter((row) => row.hasChartCode);
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });

console.log('\nLanding page JavaScript (entry + landing route, static imports):');
console.log(`${'chunk'.padEnd(52)}${'raw'.padStart(12)}${'gzip'.padStart(12)}`);
for (const row of rows) console.log(`${row.file.padEnd(52)}${kb(row.raw).padStart(12)}${kb(row.gzip).padStart(12)}`);
console.log(`${'total'.padEnd(52)}${kb(total.raw).padStart(12)}${kb(total.gzip).padStart(12)}`);
console.log(`budget: ${BUDGET_KB} KB gzip\n`);

if (forbidden.length > 0) {
  console.error(`Chart code is in the landing bundle: ${forbidden.map((row) => row.file).join(', ')}`);
  process.exit(1);
}
if (total.gzip > BUDGET_KB * 1024) {
  console.error(`Landing page JavaScript is ${kb(total.gzip)} gzip, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
console.log('Bundle size OK.');
