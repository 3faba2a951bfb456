import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImages, judgeFound } from '@altwise/engine/markup';

const DIR = '/project';
const find = (name: string, source: string) => findImages(source, path.join(DIR, name), { root: DIR });
const verdicts = (name: string, source: string) => find(name, source).map((image) => judgeFound(image, 'en').verdict);

describe('JSX: literal values are read as React renders them', () => {
  it.each([
    ['alt={"A tidy stack of lobster pots"}', 'ok'],
    ["alt={'A tidy stack of lobster pots'}", 'ok'],
    ['alt={`A tidy stack of lobster pots`}', 'ok'],
    ['alt={""}', 'decorative'],
    ['alt={undefined}', 'missing'],
    ['alt={null}', 'missing'],
    ['alt={false || false}', 'missing'],
    ['alt', 'missing'],
    ['ALT="A tidy stack of lobster pots"', 'ok'],
    ['alt={`A ${kind} of lobster pots`}', 'unknown'],
    ['alt={caption}', 'unknown'],
    ['{...props}', 'unknown'],
    ['aria-hidden={true}', 'decorative'],
    ['role={"presentation"}', 'decorative'],
  ])('<img %s /> is %s', (attributes, verdict) => {
    expect(verdicts('Pots.jsx', `export const Pots = (props) => <img src="/pots.png" ${attributes} />;`)).toEqual([verdict]);
  });

  it('an ancestor with aria-hidden (a string, {true} or bare) hides the image; aria-hidden={false} does not', () => {
    const inside = (attribute: string) => verdicts('Pots.jsx', `export const P = () => <div ${attribute}><span><img src="/pots.png" /></span></div>;`);
    expect([inside('aria-hidden="true"'), inside('aria-hidden={true}'), inside('aria-hidden'), inside('aria-hidden={false}')]).toEqual([['decorative'], ['decorative'], ['decorative'], ['missing']]);
    expect(verdicts('Pots.jsx', 'export const P = () => <><div aria-hidden="true"></div><img src="/pots.png" /></>;')).toEqual(['missing']);
  });

  it('a component named IMG (or Img) is not an <img>; in HTML and Markdown <IMG> is', () => {
    expect(find('Page.tsx', 'export const P = () => <div><IMG src="/a.png" /><Img src="/b.png" /></div>;')).toEqual([]);
    expect(verdicts('page.md', '# Page\n\n<IMG SRC="a.png" ALT="A tidy stack of lobster pots">\n')).toEqual(['ok']);
    expect(verdicts('page.html', '<IMG SRC="a.png" ALT="A tidy stack of lobster pots">')).toEqual(['ok']);
  });

  it('a bare or literal JSX alt that renders nothing is rewritten whole by fill, never doubled', () => {
    const [image] = find('Pots.jsx', 'export const P = () => <img src="/pots.png" alt={undefined} />;');
    expect(image!.alt).toMatchObject({ state: 'missing', range: { start: expect.any(Number), end: expect.any(Number) } });
  });
});

describe('The link or button an image is the only content of: read in source as in HTML (hostKindOf)', () => {
  const purposeIn = (name: string, source: string) => find(name, source).map((image) => image.purpose?.kind ?? null);
  it.each([
    ['<a href="/cart"><img src="/cart.png" alt="Cart" /></a>', 'link'],
    ['<a href="/cart" role="button"><img src="/cart.png" alt="Cart" /></a>', 'button'],
    ['<span role="link"><img src="/cart.png" alt="Cart" /></span>', 'link'],
    ['<button><img src="/cart.png" alt="Cart" /></button>', 'button'],
    // An <a> without href is a placeholder, neither a link nor a button (HTML).
    ['<a><img src="/cart.png" alt="Cart" /></a>', null],
  ])('%s: %s', (markup, kind) => {
    expect(purposeIn('page.html', markup)).toEqual([kind]);
    expect(purposeIn('Cart.jsx', `export const Cart = () => ${markup};`)).toEqual([kind]);
  });

  it('a JSX href given as an expression is there, its value unknown: a link', () => {
    expect(purposeIn('Cart.jsx', 'export const Cart = ({ url }) => <a href={url}><img src="/cart.png" alt="Cart" /></a>;')).toEqual(['link']);
  });
});

describe('Markdown: code is never read, reference images are', () => {
  const source = [
    '# Guide',
    '',
    'Write `<img src="in-code.png">` or `![](inline-code.png)` in your page.',
    '',
    '```html',
    '<img src="fenced.png">',
    '![](fenced.png)',
    '```',
    '',
    '~~~~',
    '<input type="image" src="tilde-fenced.png">',
    '~~~~',
    '',
    '![A tidy stack of lobster pots][pots]',
    '![][logo]',
    '![Harbour at dawn][]',
    '![Harbour at dawn]',
    '![Not defined][nowhere]',
    '',
    '[pots]: images/pots.png "Pots"',
    '[logo]: <images/logo.png>',
    '[Harbour at dawn]: images/harbour.png',
  ].join('\n');

  it('a destination written <like this.png> is a link destination, not an <img> tag', () => {
    const images = find('shots.md', '# Shots\n\n![](<img with space.png>)\n\n![A tidy stack of lobster pots][pots]\n\n[pots]: <img pots.png>\n');
    expect(images.map((image) => [image.kind, image.alt.state])).toEqual([['img', 'missing'], ['img', 'present']]);
  });

  it('finds no image inside inline code or fenced blocks', () => {
    const srcs = find('guide.md', source).map((image) => image.src);
    expect(srcs.filter((src) => /code|fenced/.test(src))).toEqual([]);
  });

  it('sees ![alt][ref], ![][ref], ![alt][] and ![alt] when the label is defined, with the defined src', () => {
    const images = find('guide.md', source);
    expect(images.map((image) => [image.src, image.alt.state])).toEqual([
      ['images/pots.png', 'present'],
      ['images/logo.png', 'missing'],
      ['images/harbour.png', 'present'],
      ['images/harbour.png', 'present'],
    ]);
    expect(images.map((image) => judgeFound(image, 'en').verdict)).toEqual(['ok', 'missing', 'ok', 'ok']);
  });
});

describe('every element kind is found in HTML and in templates', () => {
  const markup = [
    '<input type="image" src="go.png" alt="Search">',
    '<img src="bay.png" alt="Map of the bay" usemap="#bay"><map name="bay"><area href="/north" alt="North quay"></map>',
    '<object data="chart.png" type="image/png">Visits rose by a fifth</object>',
    '<div role="img" aria-label="Four stars out of five"></div>',
    '<svg role="img"><title>Harbour Office logo</title></svg>',
  ].join('\n');
  it.each(['page.html', 'Page.vue', 'Page.astro', 'page.md'])('%s', (name) => {
    const source = name === 'Page.vue' ? `<template><div>${markup}</div></template>` : markup;
    expect(find(name, source).map((image) => [image.kind, image.name.source])).toEqual([
      ['input-image', 'alt'],
      ['img', 'alt'],
      ['area', 'alt'],
      ['object', 'object-content'],
      ['role-img', 'aria-label'],
      ['svg', 'svg-title'],
    ]);
  });
});

describe('a src with a stray %', () => {
  it('is read as written instead of crashing ("URI malformed")', () => {
    for (const name of ['page.html', 'page.md', 'Page.jsx']) {
      const source = name === 'page.md' ? '![A sale banner](banners/50%-off.png)' : '<img src="banners/50%-off.png" alt="A sale banner" />';
      const [image] = find(name, source);
      expect(image!.source).toEqual({ kind: 'file', path: path.join(DIR, 'banners/50%-off.png') });
    }
  });
});

describe('Markdown: an alt repeating the text of its link or table cell is said twice (H2)', () => {
  const issues = (source: string) => find('page.md', source).map((image) => judgeFound(image, 'en').issues.map((issue) => issue.id));

  it('in a link beside the link text', () => {
    expect(issues('[![Contact us](envelope.png) Contact us](/contact)\n')).toEqual([['redundant-with-text']]);
    expect(issues('[![An open envelope](envelope.png) Contact us](/contact)\n')).toEqual([[]]);
  });

  it('in a pipe table cell beside the cell text', () => {
    const table = (cell: string) => `| Country | Medals |\n| --- | ---: |\n| ${cell} | 5 |\n`;
    expect(issues(table('![Norway](flag-no.png) Norway'))).toEqual([['redundant-with-text']]);
    expect(issues(table('![Flag of Norway](flag-no.png) Norway'))).toEqual([[]]);
    // Not a table: a pipe in a sentence.
    expect(issues('Norway | ![Norway](flag-no.png) Norway and more text here\n')).toEqual([[]]);
  });
});

describe('Markdown: a line of pipes under a heading underline is not a table', () => {
  it('reads no cell text from a setext heading', () => {
    const [image] = find('page.md', 'Norway | ![Norway](flag-no.png) Norway\n---\n');
    expect(image?.adjacentText).toBeUndefined();
  });
});
