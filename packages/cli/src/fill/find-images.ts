// Finds the images of one source file: <img> in HTML (parse5), <img> in JSX/TSX/Vue/Astro/MDX (the
// tag scanner), and Markdown ![text](src). Every finding carries exact offsets for the edit.
import path from 'node:path';
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import type { ImagePurpose } from '@altwise/shared';
import type { AltRange, CurrentAlt, FoundImage, ImageSource, Syntax } from './found-image';
import { checkedPurpose, frontMatterLanguage, langTags, languageAt, languageTag, linkOrButtonTags, purposeAround } from './surroundings';
import type { ScannedTag } from './tag-scanner';
import { scanImgTags } from './tag-scanner';

export const FILLABLE_EXTENSIONS = ['.html', '.htm', '.md', '.mdx', '.jsx', '.tsx', '.vue', '.astro'];

export interface FindOptions {
  /** Where a root-relative src (/images/a.png) is looked up. */
  root: string;
}

const lineOf = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

/**
 * Plain text around an offset, at most ~600 characters. In markup (HTML, JSX, Vue, Astro) only the
 * text between tags counts, so code (imports, expressions) never reaches the describer.
 */
export function contextAround(source: string, start: number, end: number, markup = true): string {
  // Text counts only between a tag's end and the next tag's start, so a window cut mid-code adds no code.
  const textOf = (window: string, opensInText: boolean) => {
    const text = markup
      ? [...`${opensInText ? '>' : ''}${window}`.matchAll(/>([^<>]*)</g)].map((match) => match[1]!).join(' ').replace(/\{[^}]*\}/g, ' ')
      : window.replace(/<[^>]*>/g, ' ').replace(/!\[[^\]]*\]\([^)]*\)/g, ' ').replace(/[#*_`>|]/g, ' ');
    return text.replace(/\s+/g, ' ').trim();
  };
  const before = textOf(source.slice(Math.max(0, start - 400), start), false).slice(-300);
  const after = textOf(source.slice(end, end + 400), true).slice(0, 300);
  return [before, after].filter(Boolean).join(' … ');
}

/** A src as written becomes a URL to send or a local file to upload. */
export function resolveSource(src: string, file: string, options: FindOptions): ImageSource {
  const trimmed = src.trim();
  if (!trimmed) return { kind: 'unresolved', reason: 'the image has no src' };
  if (/^https?:\/\//i.test(trimmed)) return { kind: 'url', url: trimmed };
  if (trimmed.startsWith('//')) return { kind: 'url', url: `https:${trimmed}` };
  if (/^[a-z][\w+.-]*:/i.test(trimmed)) return { kind: 'unresolved', reason: `${trimmed.split(':')[0]}: URLs cannot be described` };
  const clean = decodeURIComponent(trimmed.split(/[?#]/)[0]!);
  const absolute = clean.startsWith('/') ? path.join(options.root, clean) : path.resolve(path.dirname(file), clean);
  return { kind: 'file', path: absolute };
}

function quoteOf(raw: string): '"' | "'" {
  return raw.includes("'") && !raw.includes('"') ? "'" : '"';
}

// ---- HTML: parse5 with source locations -------------------------------------------------------

type Element = DefaultTreeAdapterTypes.Element;

function htmlElements(node: DefaultTreeAdapterTypes.Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) htmlElements(child, out);
  // <template> content is real markup of the page too.
  if ('content' in node && node.nodeName === 'template') htmlElements((node as DefaultTreeAdapterTypes.Template).content, out);
  return out;
}

/** The quote of an attribute's value, from its source text (`alt`, `alt=x`, `alt = "x"`). */
function quoteOfAttr(source: string, start: number, end: number): '"' | "'" | null {
  const text = source.slice(start, end);
  const equals = text.indexOf('=');
  if (equals < 0) return null;
  const first = text.slice(equals + 1).trimStart()[0];
  return first === '"' || first === "'" ? first : null;
}

const attrOf = (element: Element, name: string) => element.attrs.find((entry) => entry.name === name)?.value;

/** The `lang` of the image or its nearest ancestor that has a valid one. */
function htmlLanguage(element: Element): string | undefined {
  for (let node: DefaultTreeAdapterTypes.ParentNode | null = element; node && 'attrs' in node; node = node.parentNode) {
    const lang = languageTag(attrOf(node, 'lang'));
    if (lang) return lang;
  }
  return undefined;
}

/** The link or button the image is the only content of (whitespace and comments aside). */
function htmlPurpose(element: Element): ImagePurpose | undefined {
  const parent = element.parentNode;
  if (!parent || !('tagName' in parent) || (parent.tagName !== 'a' && parent.tagName !== 'button')) return undefined;
  const alone = parent.childNodes.every((child) => child === element || child.nodeName === '#comment' || (child.nodeName === '#text' && !(child as DefaultTreeAdapterTypes.TextNode).value.trim()));
  if (!alone) return undefined;
  return checkedPurpose({
    kind: parent.tagName === 'a' ? 'link' : 'button',
    href: parent.tagName === 'a' ? attrOf(parent, 'href') : undefined,
    label: attrOf(parent, 'aria-label')?.trim() || attrOf(parent, 'title')?.trim() || undefined,
  });
}

function htmlImages(source: string, file: string, options: FindOptions): FoundImage[] {
  const document = parse(source, { sourceCodeLocationInfo: true });
  const images: FoundImage[] = [];
  for (const element of htmlElements(document)) {
    if (element.tagName !== 'img') continue;
    const location = element.sourceCodeLocation;
    if (!location?.startTag) continue;
    const srcLocation = location.attrs?.src;
    const altLocation = location.attrs?.alt;
    const src = element.attrs.find((entry) => entry.name === 'src')?.value ?? '';
    let alt: CurrentAlt = { state: 'missing' };
    if (altLocation) {
      const value = element.attrs.find((entry) => entry.name === 'alt')!.value;
      const range: AltRange = { start: altLocation.startOffset, end: altLocation.endOffset, quote: quoteOfAttr(source, altLocation.startOffset, altLocation.endOffset) };
      alt = value === '' ? { state: 'empty', range } : { state: 'present', value, range };
    }
    const srcQuote = srcLocation ? quoteOfAttr(source, srcLocation.startOffset, srcLocation.endOffset) : null;
    images.push({
      file,
      line: location.startTag.startLine,
      src,
      source: resolveSource(src, file, options),
      alt,
      syntax: 'html',
      insertAt: srcLocation ? srcLocation.endOffset : location.startTag.startOffset + 4,
      quote: srcQuote ?? '"',
      context: contextAround(source, location.startTag.startOffset, location.startTag.endOffset),
      language: htmlLanguage(element),
      purpose: htmlPurpose(element),
      span: { start: location.startTag.startOffset, end: location.startTag.endOffset },
    });
  }
  return images;
}

// ---- JSX, TSX, Vue, Astro, MDX: the tag scanner ------------------------------------------------

const ALT_NAMES = new Set(['alt', ':alt', 'v-bind:alt']);

/** A static string from a JSX expression: "a.png", 'a.png', `a.png`, or an identifier bound by a static default import. */
function staticSrc(expression: string, source: string): string | null {
  const trimmed = expression.trim();
  const literal = /^(["'`])([^"'`$]*)\1$/.exec(trimmed);
  if (literal) return literal[2]!;
  if (/^[A-Za-z_$][\w$]*$/.test(trimmed)) {
    const imported = new RegExp(`import\\s+${trimmed.replace(/\$/g, '\\$')}\\s+from\\s+(["'])([^"']+)\\1`).exec(source);
    if (imported) return imported[2]!;
  }
  return null;
}

interface Surroundings {
  openers: ScannedTag[];
  langs: ScannedTag[];
  fileLanguage?: string;
}

function tagImage(tag: ScannedTag, source: string, file: string, options: FindOptions, around: Surroundings): FoundImage {
  const src = tag.attrs.find((entry) => entry.name === 'src');
  const dynamicSrc = tag.attrs.find((entry) => entry.name === ':src' || entry.name === 'v-bind:src');
  const altAttr = tag.attrs.find((entry) => ALT_NAMES.has(entry.name));
  // A JSX {...spread}, or Vue's v-bind="object", may carry an alt we cannot see.
  const spread = tag.attrs.some((entry) => entry.name === '{spread}' || entry.name === 'v-bind');

  let written = src?.value ?? '';
  let imageSource: ImageSource;
  if (src && src.quote === '{') {
    const value = staticSrc(src.value ?? '', source);
    written = `{${src.value}}`;
    imageSource = value === null ? { kind: 'unresolved', reason: `src={${src.value?.trim()}} is not a static import path` } : resolveSource(value, file, options);
  } else if (!src && dynamicSrc) {
    written = `:src="${dynamicSrc.value}"`;
    imageSource = { kind: 'unresolved', reason: `${dynamicSrc.name} is bound to an expression` };
  } else {
    imageSource = resolveSource(written, file, options);
  }

  let alt: CurrentAlt = { state: 'missing' };
  if (altAttr) {
    const range: AltRange = { start: altAttr.start, end: altAttr.end, quote: altAttr.quote === '"' || altAttr.quote === "'" ? altAttr.quote : null };
    if (altAttr.name !== 'alt' || altAttr.quote === '{') alt = { state: 'unknown', reason: 'alt is an expression' };
    else if (!altAttr.value) alt = { state: 'empty', range };
    else alt = { state: 'present', value: altAttr.value, range };
  } else if (spread) {
    alt = { state: 'unknown', reason: 'alt may come from a {...spread}' };
  }
  return {
    file,
    line: lineOf(source, tag.start),
    src: written,
    source: imageSource,
    alt,
    syntax: 'jsx',
    insertAt: src ? src.end : tag.nameEnd,
    quote: src?.quote === "'" ? "'" : quoteOf(''),
    context: contextAround(source, tag.start, tag.end),
    language: languageAt(source, tag.start, around.langs) ?? around.fileLanguage,
    purpose: purposeAround(source, tag, around.openers),
    span: { start: tag.start, end: tag.end },
  };
}

// ---- Markdown: ![text](src "title") outside code ------------------------------------------------

/** `[![…](img)](href "title")`: the image is the whole text of a link. */
function markdownLinkPurpose(line: string, imageStart: number, imageEnd: number): ImagePurpose | undefined {
  if (line[imageStart - 1] !== '[' || line.slice(imageEnd, imageEnd + 2) !== '](') return undefined;
  const target = /^\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(["'])(.*?)\2)?\s*\)/.exec(line.slice(imageEnd));
  if (!target) return undefined;
  return checkedPurpose({ kind: 'link', href: target[1]!.replace(/^<|>$/g, ''), label: target[3] });
}

/** The `]` that ends image text starting at `from`; a backslash-escaped `\]` (as fill writes it) does not. */
function closingBracket(line: string, from: number): number {
  for (let index = from; index < line.length; index += 1) {
    if (line[index] === '\\') index += 1;
    else if (line[index] === ']') return index;
  }
  return -1;
}

function markdownImages(source: string, file: string, options: FindOptions, language: string | undefined, langs: ScannedTag[]): FoundImage[] {
  const images: FoundImage[] = [];
  let offset = 0;
  let fence: string | null = null;
  for (const line of source.split('\n')) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      if (!fence) fence = fenceMatch[1]![0]!;
      else if (fenceMatch[1]![0] === fence) fence = null;
    } else if (!fence) {
      let index = line.indexOf('![');
      while (index >= 0) {
        const ticksBefore = (line.slice(0, index).match(/`/g) ?? []).length;
        const close = closingBracket(line, index + 2);
        if (ticksBefore % 2 === 0 && close > 0 && line[close + 1] === '(') {
          const end = line.indexOf(')', close + 2);
          const target = end > 0 ? line.slice(close + 2, end).trim() : '';
          const src = target.startsWith('<') ? target.slice(1, target.indexOf('>')) : (target.split(/\s+/)[0] ?? '');
          const text = line.slice(index + 2, close);
          const start = offset + index;
          images.push({
            file,
            line: lineOf(source, start),
            src,
            source: resolveSource(src, file, options),
            alt: text === '' ? { state: 'missing' } : { state: 'present', value: text, range: { start: start + 2, end: offset + close, quote: null } },
            syntax: 'markdown',
            insertAt: start + 2,
            quote: '"',
            context: contextAround(source, start, offset + (end > 0 ? end + 1 : close + 1), false),
            language: languageAt(source, start, langs) ?? language,
            purpose: end > 0 ? markdownLinkPurpose(line, index, end + 1) : undefined,
            span: { start, end: offset + (end > 0 ? end + 1 : close + 1) },
          });
        }
        index = line.indexOf('![', index + 2);
      }
    }
    offset += line.length + 1;
  }
  return images;
}

export function syntaxOf(file: string): Syntax {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.html' || extension === '.htm') return 'html';
  if (extension === '.md' || extension === '.mdx') return 'markdown';
  return 'jsx';
}

/** Every image of one file, in source order. */
export function findImages(source: string, file: string, options: FindOptions): FoundImage[] {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.html' || extension === '.htm') return htmlImages(source, file, options);
  const markdown = extension === '.md' || extension === '.mdx';
  const around: Surroundings = { openers: linkOrButtonTags(source), langs: langTags(source), fileLanguage: markdown ? frontMatterLanguage(source) : undefined };
  const tags = scanImgTags(source).map((tag) => tagImage(tag, source, file, options, around));
  if (markdown) return [...markdownImages(source, file, options, around.fileLanguage, around.langs), ...tags].sort((a, b) => a.insertAt - b.insertAt);
  return tags;
}
