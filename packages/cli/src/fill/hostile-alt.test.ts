// A hostile model answer must land in every kind of file as text and only text: each file is parsed
// before and after the fill by the parser of its own syntax, and the two trees must match node by
// node, except for the alt values, which must hold the answer verbatim (whitespace folded).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import type { Nodes as MdastNode } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { mdxjs } from 'micromark-extension-mdxjs';
import { parse, parseFragment } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PNG_BYTES } from '../../test/png';
import { openCache } from './describe-cache';
import { fill } from './fill';


const HOSTILE = [
  'A red car" onerror=alert(1) x="',
  "A red car' onerror='alert(1)' x='",
  'A car</p><script>alert(1)</script><img src=x onerror=alert(1)>',
  'A car {alert(1)} and {{ constructor.constructor("alert(1)")() }} ${alert(1)}',
  'A car] (javascript:alert(1)) ![x](https://evil.example/y.png) [link](javascript:alert(1)) \\ ends \\',
  'Line one\nLine two\r\n\r\nsecond paragraph <b>bold</b> &quot; &amp;',
  'A car *bold* _em_ `code` ~~del~~ | a | table | &#x3C;script&#x3E;',
  '<!-- comment --> --> <![CDATA[ x ]]> \u2028 end',
];

/** What the file must say: the answer with its whitespace folded into single spaces. */
const shown = (answer: string) => answer.replace(/\s+/g, ' ').trim();

const FILES: Record<string, string> = {
  'page.html': [
    '<!doctype html><html lang="en"><body>',
    '<p>Intro</p>',
    '<img src="a.png">',
    "<img src='a.png'>",
    '<img src=a.png>',
    '<img src="a.png" alt="">',
    '<img src="a.png" alt>',
    '<img src="a.png" alt=IMG_0001.jpg>',
    "<img src=\"a.png\" alt='IMG_0001.jpg'>",
    "<img alt='IMG_0001.jpg' src=\"a.png\" width=4>",
    '<a href="/home"><img src="a.png"></a>',
    '</body></html>',
    '',
  ].join('\n'),
  'Card.vue': [
    '<template>',
    '  <div>',
    '    <img src="./a.png">',
    '    <img src="./a.png" alt="">',
    '    <img src="./a.png" alt>',
    '    <img src="./a.png" alt=IMG_0001.jpg>',
    "    <img src='./a.png' alt='IMG_0001.jpg'>",
    '  </div>',
    '</template>',
    '<script setup lang="ts">',
    'const x = 1;',
    '</script>',
    '',
  ].join('\n'),
  'page.astro': [
    '---',
    "import pic from './a.png';",
    '---',
    '<div>',
    '<img src={pic}>',
    '<img src="./a.png" alt="">',
    '<img src="./a.png" alt>',
    '<img src="./a.png" alt=IMG_0001.jpg />',
    "<img src='./a.png' alt='IMG_0001.jpg'>",
    '</div>',
    '',
  ].join('\n'),
  'Page.jsx': [
    "import pic from './a.png';",
    'export const Page = () => (',
    '  <div>',
    '    <img src={pic} />',
    '    <img src="./a.png" alt="" />',
    '    <img src="./a.png" alt />',
    '    <img src="./a.png" alt="IMG_0001.jpg" />',
    "    <img src='./a.png' alt='IMG_0001.jpg' />",
    "    <img src={'./a.png'}/>",
    '  </div>',
    ');',
    '',
  ].join('\n'),
  'Page.tsx': [
    "import pic from './a.png';",
    'export const Page = (props: { title: string }) => (',
    '  <section title={props.title}>',
    '    <a href="/"><img src={pic} /></a>',
    "    <img src='./a.png' alt='IMG_0001.jpg' width={2} />",
    '  </section>',
    ');',
    '',
  ].join('\n'),
  'page.md': [
    '# Title',
    '',
    '![](a.png)',
    '',
    '![IMG_0001.jpg](a.png "Title")',
    '',
    '[![](a.png)](https://example.com/home)',
    '',
    'Text ![](./a.png) more text.',
    '',
    '<img src="a.png">',
    '',
  ].join('\n'),
  'page.mdx': [
    "import X from './x.js'",
    '',
    '# Title',
    '',
    '![](a.png)',
    '',
    '![IMG_0001.jpg](a.png)',
    '',
    '<img src="./a.png" />',
    '',
    '<img src="./a.png" alt="" />',
    '',
  ].join('\n'),
};

// ---- HTML, Vue, Astro: parse5 ------------------------------------------------------------------

type Parse5Node = DefaultTreeAdapterTypes.Node;

/** Walks two parse5 trees together; returns the alt values of the <img> elements of `after`. */
function compareHtml(before: Parse5Node, after: Parse5Node, where = 'root'): string[] {
  expect(after.nodeName, where).toBe(before.nodeName);
  const alts: string[] = [];
  if ('attrs' in before && 'attrs' in after) {
    const names = (node: DefaultTreeAdapterTypes.Element) => node.attrs.map((attr) => attr.name).filter((name) => name !== 'alt');
    expect(names(after), `${where}: attributes`).toEqual(names(before));
    for (const attr of before.attrs) if (attr.name !== 'alt') expect(after.attrs.find((other) => other.name === attr.name)!.value).toBe(attr.value);
    if (after.tagName === 'img') alts.push(after.attrs.find((attr) => attr.name === 'alt')?.value ?? '(no alt)');
  }
  if ('value' in before && 'value' in after) expect(after.value, `${where}: text`).toBe(before.value);
  if ('data' in before && 'data' in after) expect(after.data, `${where}: comment`).toBe(before.data);
  const children = (node: Parse5Node) => [...('childNodes' in node ? node.childNodes : []), ...('content' in node ? [(node as DefaultTreeAdapterTypes.Template).content] : [])];
  const a = children(before);
  const b = children(after);
  expect(b.map((child) => child.nodeName), `${where}: children`).toEqual(a.map((child) => child.nodeName));
  a.forEach((child, index) => alts.push(...compareHtml(child, b[index]!, `${where} > ${child.nodeName}`)));
  return alts;
}

/** The raw text of every alt attribute of every <img>: each must be quoted, so no template engine reads an expression in it. */
function rawAlts(source: string): string[] {
  const raws: string[] = [];
  const walk = (node: Parse5Node) => {
    if ('tagName' in node && node.tagName === 'img') {
      const location = node.sourceCodeLocation?.attrs?.alt;
      if (location) raws.push(source.slice(location.startOffset, location.endOffset));
    }
    for (const child of 'childNodes' in node ? node.childNodes : []) walk(child);
    if ('content' in node && node.nodeName === 'template') walk((node as DefaultTreeAdapterTypes.Template).content);
  };
  walk(parseFragment(source, { sourceCodeLocationInfo: true }));
  return raws;
}

// ---- JSX and TSX: the TypeScript compiler --------------------------------------------------------

/** Compiles JSX to React.createElement calls and lists each call: its tag, its props, and its alt as the compiled string. */
function compiledElements(source: string, fileName: string, filled: boolean): Array<{ tag: string; props: string[]; alt?: string }> {
  const output = ts.transpileModule(source, { fileName, reportDiagnostics: true, compilerOptions: { jsx: ts.JsxEmit.React, target: ts.ScriptTarget.ES2022 } });
  expect(output.diagnostics ?? [], `${fileName} compiles`).toEqual([]);
  const compiled = ts.createSourceFile('out.js', output.outputText, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const elements: Array<{ tag: string; props: string[]; alt?: string }> = [];
  const walk = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.getText(compiled) === 'React.createElement') {
      const [tag, props] = node.arguments;
      const entry: { tag: string; props: string[]; alt?: string } = { tag: tag!.getText(compiled), props: [] };
      if (props && ts.isObjectLiteralExpression(props)) {
        for (const property of props.properties) {
          const name = property.name?.getText(compiled) ?? ts.SyntaxKind[property.kind];
          if (name === 'alt' && ts.isPropertyAssignment(property)) {
            // Filled, a string literal in the compiled code, nothing else: no expression came in with the text.
            if (filled) expect(ts.isStringLiteral(property.initializer), `alt is a string literal: ${property.getText(compiled)}`).toBe(true);
            entry.alt = ts.isStringLiteral(property.initializer) ? property.initializer.text : property.initializer.getText(compiled);
          } else entry.props.push(name);
        }
      } else if (props) entry.props.push(props.getText(compiled));
      elements.push(entry);
    }
    ts.forEachChild(node, walk);
  };
  walk(compiled);
  return elements;
}

/** The kinds of every node of the TSX syntax tree, each alt attribute's subtree left out. */
function jsxShape(source: string, fileName: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX);
  const kinds: string[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && node.name.getText(file) === 'alt') return;
    kinds.push(ts.SyntaxKind[node.kind]);
    ts.forEachChild(node, walk);
  };
  walk(file);
  return kinds;
}

// ---- Markdown and MDX: mdast (micromark, with the MDX extensions for .mdx) ----------------------

function markdownTree(source: string, mdx: boolean) {
  return mdx ? fromMarkdown(source, { extensions: [mdxjs()], mdastExtensions: [mdxFromMarkdown()] }) : fromMarkdown(source);
}

/** Walks two mdast trees together; returns the alts of `after`'s images (Markdown and JSX <img>, and <img> in raw HTML). */
function compareMarkdown(before: MdastNode, after: MdastNode, where = 'root'): string[] {
  expect(after.type, where).toBe(before.type);
  const alts: string[] = [];
  const { position: _p1, children: _c1, alt: _a1, value: v1, attributes: at1, ...rest1 } = before as unknown as Record<string, unknown>;
  const { position: _p2, children: _c2, alt: a2, value: v2, attributes: at2, ...rest2 } = after as unknown as Record<string, unknown>;
  expect(rest2, `${where}: fields`).toEqual(rest1);
  if (after.type === 'image') alts.push(String(a2));
  if (after.type === 'html') {
    alts.push(...compareHtml(parseFragment(String(v1)), parseFragment(String(v2)), `${where} html`));
  } else if (after.type === 'mdxjsEsm') {
    expect(v2).toBe(v1);
  } else {
    expect(v2, `${where}: value`).toEqual(v1);
  }
  if (Array.isArray(at1) || Array.isArray(at2)) {
    type Attribute = { type: string; name?: string; value?: unknown };
    const list = (attributes: unknown) => (attributes as Attribute[]).filter((attribute) => attribute.name !== 'alt');
    expect(list(at2).map((attribute) => [attribute.type, attribute.name, attribute.value])).toEqual(list(at1).map((attribute) => [attribute.type, attribute.name, attribute.value]));
    const alt = (at2 as Attribute[]).find((attribute) => attribute.name === 'alt');
    // A plain string: an attribute value expression would be an object.
    expect(typeof alt?.value, `${where}: alt is a string`).toBe('string');
    alts.push(alt!.value as string);
  }
  const a = 'children' in before ? before.children : [];
  const b = 'children' in after ? after.children : [];
  expect(b.map((child) => child.type), `${where}: children`).toEqual(a.map((child) => child.type));
  a.forEach((child, index) => alts.push(...compareMarkdown(child as MdastNode, b[index] as MdastNode, `${where} > ${child.type}`)));
  return alts;
}

// ---- the fill itself ----------------------------------------------------------------------------

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-hostile-'));
  fs.writeFileSync(path.join(dir, 'a.png'), PNG_BYTES);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function answering(altText: string) {
  return {
    describe: async () => ({ altText, verification: 'model' }),
    // The checker's error for a file name, so --overwrite-poor replaces IMG_0001.jpg.
    check: async (text: string) => ({ wcagCompliant: !/\.jpg$/.test(text), issues: /\.jpg$/.test(text) ? [{ id: 'file-name', severity: 'error', message: 'file name' }] : [] }),
  } as unknown as Altwise;
}

async function fillAll(answer: string): Promise<Record<string, string>> {
  for (const [name, source] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, name), source);
  const report = await fill(
    answering(answer),
    openCache(path.join(dir, 'cache.json')),
    { patterns: ['*'], cwd: dir, root: dir, dryRun: false, review: false, includeDecorative: true, overwritePoor: true, allowDrafts: false, allowErrors: false, concurrency: 2 },
    { out: () => undefined, err: () => undefined, isTTY: false },
  );
  expect(report.failed, JSON.stringify(report.failed.map((entry) => entry.reason))).toEqual([]);
  return Object.fromEntries(Object.keys(FILES).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]));
}

describe.each(HOSTILE)('a hostile answer stays text: %j', (answer) => {
  let after: Record<string, string>;
  beforeEach(async () => {
    after = await fillAll(answer);
  });

  it('HTML: the same elements and attributes, each alt the answer', () => {
    const alts = compareHtml(parse(FILES['page.html']!), parse(after['page.html']!));
    expect(alts).toEqual(Array(9).fill(shown(answer)));
  });

  it('Vue and Astro templates: the same markup, each alt the answer in quotes (never an expression)', () => {
    for (const name of ['Card.vue', 'page.astro']) {
      const alts = compareHtml(parseFragment(FILES[name]!), parseFragment(after[name]!), name);
      expect(alts, name).toEqual(Array(5).fill(shown(answer)));
      for (const raw of rawAlts(after[name]!)) expect(raw, name).toMatch(/^alt=("[^"]*"|'[^']*')$/);
    }
  });

  it('JSX and TSX: the same syntax tree, and compiled, the same props with alt a plain string', () => {
    for (const name of ['Page.jsx', 'Page.tsx']) {
      expect(jsxShape(after[name]!, name), name).toEqual(jsxShape(FILES[name]!, name));
      const before = compiledElements(FILES[name]!, name, false);
      const compiled = compiledElements(after[name]!, name, true);
      expect(compiled.map(({ tag, props }) => ({ tag, props })), name).toEqual(before.map(({ tag, props }) => ({ tag, props })));
      const images = compiled.filter((element) => element.tag === '"img"');
      expect(images.map((image) => image.alt), name).toEqual(Array(name === 'Page.jsx' ? 6 : 2).fill(shown(answer)));
    }
  });

  it('Markdown: the same nodes, each image text the answer (no link, code, emphasis or HTML came in)', () => {
    const alts = compareMarkdown(markdownTree(FILES['page.md']!, false), markdownTree(after['page.md']!, false));
    expect(alts).toEqual(Array(5).fill(shown(answer)));
  });

  it('MDX: the same nodes, no expression or JSX element came in, each alt the answer', () => {
    const alts = compareMarkdown(markdownTree(FILES['page.mdx']!, true), markdownTree(after['page.mdx']!, true));
    expect(alts).toEqual(Array(4).fill(shown(answer)));
  });
});
