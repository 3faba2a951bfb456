import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script without type declarations
import { missingOptionals } from '../lockfile-platforms.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('package-lock.json', () => {
  it('names every platform build of every native package, so `npm ci` works on other platforms', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    expect(missingOptionals(lock)).toEqual([]);
  });

  it('finds an optional dependency left out, and one nested under its parent', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/rollup': { version: '4.0.0', optionalDependencies: { '@rollup/rollup-linux-x64-gnu': '4.0.0', '@rollup/rollup-darwin-arm64': '4.0.0' } },
        'node_modules/@rollup/rollup-linux-x64-gnu': { version: '4.0.0' },
        'node_modules/a/node_modules/b': { version: '1.0.0', optionalDependencies: { 'b-win32': '1.0.0', 'b-linux': '1.0.0' } },
        'node_modules/a/node_modules/b-win32': { version: '1.0.0' },
      },
    };
    expect(missingOptionals(lock)).toEqual([
      { parent: 'node_modules/rollup', name: '@rollup/rollup-darwin-arm64', spec: '4.0.0' },
      { parent: 'node_modules/a/node_modules/b', name: 'b-linux', spec: '1.0.0' },
    ]);
  });
});
