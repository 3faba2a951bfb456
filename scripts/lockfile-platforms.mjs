#!/usr/bin/env node
// The lockfile must name every platform build of every native package (rollup, Tailwind's oxide,
// msgpackr-extract…), not only the ones of the machine that last ran `npm install`: npm drops the
// other platforms' optional packages when it rewrites the lockfile over an existing node_modules
// (npm/cli#4828), and `npm ci` on macOS, Windows or Alpine then installs no binary and `vite build`
// fails. This script finds them (offline) and, with --fix, adds them back at the version the parent
// package asks for, read from the registry with `npm view`; no other package's version moves.
//
//   node scripts/lockfile-platforms.mjs          exit 1 and list what is missing
//   node scripts/lockfile-platforms.mjs --fix    add the missing entries to package-lock.json
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lockPath = path.join(root, 'package-lock.json');

/** Where Node would find `name` from the package at lockfile key `from` (nearest node_modules up). */
function resolveKey(packages, from, name) {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return null;
    const i = base.lastIndexOf('/node_modules/');
    base = i >= 0 ? base.slice(0, i) : '';
  }
}

/** Each locked package's optional dependencies that have no lockfile entry: [{ parent, name, spec }]. */
export function missingOptionals(lock) {
  const missing = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveKey(lock.packages, key, name)) missing.push({ parent: key, name, spec });
    }
  }
  return missing;
}

function registryManifest(name, spec) {
  const out = execFileSync('npm', ['view', `${name}@${spec}`, '--json'], { encoding: 'utf8' });
  const found = JSON.parse(out);
  // A range answers with every matching version; npm would install the highest.
  return Array.isArray(found) ? found[found.length - 1] : found;
}

function lockEntry(manifest, parent) {
  // No `resolved`: the lockfile is written with omit-lockfile-registry-resolved, so each user's own
  // registry serves the tarball the integrity names.
  const entry = { version: manifest.version, integrity: manifest.dist.integrity };
  const extra = {
    cpu: manifest.cpu,
    dev: parent.dev,
    devOptional: parent.devOptional,
    libc: manifest.libc,
    license: manifest.license,
    optional: true,
    os: manifest.os,
    peer: parent.peer,
    engines: manifest.engines, // last, where npm writes it
  };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) entry[k] = v;
  return entry;
}

/** npm's own order: the root package first, then keys in English locale order. */
function sortedPackages(packages) {
  const keys = Object.keys(packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')));
  return Object.fromEntries(keys.map((k) => [k, packages[k]]));
}

function main() {
  const fix = process.argv.includes('--fix');
  const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
  const missing = missingOptionals(lock);
  if (missing.length === 0) {
    console.log('package-lock.json names every platform build of its native packages.');
    return;
  }
  if (!fix) {
    console.error(`package-lock.json lacks ${missing.length} platform package(s), so \`npm ci\` breaks on other platforms:`);
    for (const m of missing) console.error(`  ${m.name}@${m.spec} (optional dependency of ${m.parent})`);
    console.error('Restore them with: npm run lockfile:fix');
    process.exitCode = 1;
    return;
  }
  for (const m of missing) {
    const manifest = registryManifest(m.name, m.spec);
    const hoisted = `node_modules/${m.name}`;
    const key = lock.packages[hoisted] ? `${m.parent}/node_modules/${m.name}` : hoisted;
    lock.packages[key] = lockEntry(manifest, lock.packages[m.parent]);
    console.log(`added ${key} ${manifest.version}`);
  }
  lock.packages = sortedPackages(lock.packages);
  fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
