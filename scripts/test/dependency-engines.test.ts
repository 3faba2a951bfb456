import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

interface LockEntry {
  version?: string;
  link?: boolean;
  engines?: { node?: string } | string[];
}

/**
 * Every locked package whose `engines.node` does not accept every Node our `engines` promises.
 * The installed package's own manifest is read where it is on disk (the lockfile may lag it); the
 * lockfile's copy stands in for other platforms' optional builds, which are not installed here.
 */
export function unsatisfiedEngines(ours: string, packages: Record<string, LockEntry>, installed: (key: string) => LockEntry | undefined) {
  const failures: string[] = [];
  for (const [key, locked] of Object.entries(packages)) {
    if (!key.includes('node_modules/') || locked.link) continue;
    const entry = installed(key) ?? locked;
    const theirs = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (theirs === undefined) continue;
    if (!semver.validRange(theirs) || !semver.subset(ours, theirs)) failures.push(`${key}@${entry.version} needs node ${theirs}`);
  }
  return failures;
}

function installedManifest(key: string): LockEntry | undefined {
  const file = path.join(root, key, 'package.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as LockEntry) : undefined;
}

describe('engines', () => {
  const ours: string = readJson('package.json').engines.node;

  it('every dependency, installed or locked for another platform, runs on every Node we promise', () => {
    const lock = readJson('package-lock.json');
    expect(unsatisfiedEngines(ours, lock.packages, installedManifest)).toEqual([]);
  });

  it('every workspace that states engines states the root range', () => {
    const workspaces: string[] = readJson('package.json').workspaces;
    const ranges = workspaces.flatMap((ws) => {
      const node = readJson(`${ws}/package.json`).engines?.node;
      return node === undefined ? [] : [[ws, node]];
    });
    expect(ranges.length).toBeGreaterThan(0);
    for (const [ws, node] of ranges) expect(`${ws}: ${node}`).toBe(`${ws}: ${ours}`);
  });

  it('names a dependency that needs a newer Node than a line we promise', () => {
    const packages = {
      '': { version: '1.0.0', engines: { node: ours } },
      'node_modules/old-enough': { version: '1.0.0', engines: { node: '>=18' } },
      'node_modules/too-new': { version: '2.0.0', engines: { node: '>=22' } },
      'node_modules/@altwise/web': { link: true },
    };
    expect(unsatisfiedEngines(ours, packages, () => undefined)).toEqual(['node_modules/too-new@2.0.0 needs node >=22']);
  });
});
