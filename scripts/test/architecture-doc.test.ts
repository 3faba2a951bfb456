// Statements of docs/architecture.md and the README that the code can check (issue 30: every
// statement true): the server's module folders, and the altwise command's commands.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const architecture = read('docs/architecture.md').replace(/\s+/g, ' ');
const readme = read('README.md');

/** The backquoted words of `text` between `start` and the next `)`. */
function listAfter(text: string, start: string): string[] {
  const at = text.indexOf(start);
  expect(at, `"${start}" in the document`).toBeGreaterThanOrEqual(0);
  const list = text.slice(at + start.length, text.indexOf(')', at));
  return [...list.matchAll(/`([\w-]+)`/g)].map((match) => match[1]!);
}

describe('docs/architecture.md', () => {
  it('names every module folder of the server, and no other', () => {
    const folders = fs
      .readdirSync(path.join(root, 'apps/server/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(listAfter(architecture, 'A module is a folder named after what it does (').sort()).toEqual(folders.sort());
  });
});

describe('the altwise command as the documents list it', () => {
  const help = execFileSync(process.execPath, [path.join(root, 'packages/cli/bin/altwise.mjs'), '--help'], { encoding: 'utf8' });
  const commands = [...help.slice(help.indexOf('Commands:')).matchAll(/^ {2}([a-z-]+)/gm)].map((match) => match[1]!).filter((name) => name !== 'help');

  it('has the commands this test knows of (read from --help)', () => {
    expect(commands).toEqual(expect.arrayContaining(['describe', 'check', 'audit', 'fill', 'lint', 'job', 'epub', 'monitor']));
  });

  it("architecture.md's workspace table and the README's map name every command", () => {
    const row = /`packages\/cli` \| `@altwise\/cli`, the `altwise` command \(([^)]*)\)/.exec(architecture)?.[1] ?? '';
    const map = /^packages\/cli +@altwise\/cli, the altwise command: (.*)$/m.exec(readme)?.[1] ?? '';
    for (const command of commands) {
      expect(row.split(/,\s*/).map((word) => word.split(' ')[0]), 'architecture.md').toContain(command);
      expect(map.split(/,\s*/).map((word) => word.split(' ')[0]), 'README.md').toContain(command);
    }
  });
});
