// action.yml as GitHub reads it: the runtime GitHub's runners still have (Node 20 was removed from
// them on 2026-09-16; SchemaStore's github-action.json, as of commit 3b6446a, accepts node12, node16,
// node20 and node24 for a JavaScript action), and the bundle it names, run here on this Node.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('action.yml', () => {
  it('runs on node24 from the committed bundle, which loads on the Node the package promises (the root engines)', () => {
    const manifest = parse(fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as {
      runs: { using: string; main: string };
    };
    expect(manifest.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    const enginesOf = (dir: string) =>
      (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    // The action promises what the repository does, Node 20 included (the bundle is built for it).
    expect(enginesOf(ROOT)).toBe(enginesOf(path.resolve(ROOT, '../..')));
    expect(enginesOf(ROOT)).toContain('^20.19.0');
    // Outside a workflow the bundle starts, finds no GITHUB_REPOSITORY and fails the step with that reason.
    let output = '';
    try {
      execFileSync(process.execPath, [path.join(ROOT, manifest.runs.main)], {
        env: { PATH: process.env.PATH },
        encoding: 'utf8',
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout);
    }
    expect(output).toMatch(/::error::altwise: GITHUB_REPOSITORY is not set/);
  });
});
