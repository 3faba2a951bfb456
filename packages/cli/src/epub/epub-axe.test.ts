// Ace by DAISY is not run here (see docs/files.md); axe-core's image rules, the ones Ace reports
// image-alt violations from, are run on every content document of the book before and after fill.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { epub3 } from '@altwise/test-support/epub-books';
import { readEpub, readPackage } from '@altwise/engine/epub';
import { epubFill } from './epub-fill';

const IMAGE_RULES = ['image-alt', 'role-img-alt', 'svg-img-alt', 'input-image-alt', 'area-alt', 'object-alt', 'image-redundant-alt'];

/** axe's image rules over every content document, as XHTML: the violations, as `rule document count`. */
async function imageViolations(file: string): Promise<string[]> {
  const entries = await readEpub(fs.readFileSync(file));
  const found: string[] = [];
  for (const name of readPackage(entries).contentDocuments) {
    const dom = new JSDOM(entries.find((entry) => entry.name === name)!.data.toString('utf8'), { contentType: 'application/xhtml+xml', runScripts: 'outside-only' });
    dom.window.eval(axe.source);
    const results = await (dom.window as unknown as { axe: typeof axe }).axe.run(dom.window.document, { runOnly: { type: 'rule', values: IMAGE_RULES } });
    for (const violation of results.violations) found.push(`${violation.id} ${name} ${violation.nodes.length}`);
    dom.window.close();
  }
  return found;
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-epub-axe-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('axe-core image rules on the content documents', () => {
  it('finds the three images without alt in the input and none in the filled book', async () => {
    const client = { describe: async (input: { fileName?: string }) => ({ altText: `Boats in the harbour (${input.fileName})`, isDecorative: false, verification: 'model' }) } as unknown as Altwise;
    const input = path.join(dir, 'book.epub');
    fs.writeFileSync(input, await epub3());
    expect(await imageViolations(input)).toEqual(['image-alt OEBPS/text/chapter1.xhtml 3']);
    await epubFill(client, { input, output: path.join(dir, 'out.epub'), overwritePoor: false, allowDrafts: false, concurrency: 2 }, { err: () => undefined });
    expect(await imageViolations(path.join(dir, 'out.epub'))).toEqual([]);
  });
});
