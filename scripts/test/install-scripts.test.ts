import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/** The package name of a lockfile key: "node_modules/a/node_modules/@b/c" → "@b/c". */
const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

// npm 11.16+ lists the dependencies whose install scripts package.json's allowScripts does not cover,
// and npm 12 skips them: better-sqlite3 would not be built, and `npm install && npm start` would fail.
describe('install scripts', () => {
  it('every locked package with an install script is allowed or denied by name in allowScripts', () => {
    const allowScripts: Record<string, boolean> = readJson('package.json').allowScripts ?? {};
    const packages: Record<string, { hasInstallScript?: boolean }> = readJson('package-lock.json').packages;
    const withScripts = Object.entries(packages)
      .filter(([key, entry]) => key.includes('node_modules/') && entry.hasInstallScript)
      .map(([key]) => nameOf(key));
    expect(withScripts).toContain('better-sqlite3');
    expect(withScripts.filter((name) => typeof allowScripts[name] !== 'boolean')).toEqual([]);
    // The native build the product cannot start without is allowed.
    expect(allowScripts['better-sqlite3']).toBe(true);
  });
});
