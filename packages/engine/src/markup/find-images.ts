// Finds every element of one source file that needs a text alternative, by the engine's element
// model (the page audit's too): in HTML (parse5), in JSX/TSX/Vue/Astro/MDX and HTML inside Markdown
// (the tag scanner), and Markdown images ![text](src) and ![text][ref]. Code is never read. Every
// finding carries exact offsets for the edit.
import path from 'node:path';
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import type { ImagePurpose } from '@altwise/shared';
import type { AccessibleName, AttributeLookup, ElementKind } from '../elements';
import { accessibleNameOf, elementKindOf, hostKindOf, isHiddenValue, presentationOf, TAKES_ALT } from '../elements';
import type { AltRange, CurrentAlt, FoundImage, ImageSource, Syntax } from './found-image';
import { attrValue, findAttr, hasSpread, UNKNOWN } from './jsx-values';
import { blankCode } from './markdown-code';
import { checkedPurpose, frontMatterLanguage, hiddenAt, langTags, languageAt, languageTag, linkOrButtonTags, purposeAround } from './surroundings';
import type { ScannedTag } from './tag-scanner';
import { scanStartTags } from './tag-scanner';
import { markdownImages } from './markdown-images';
import type { Span } from './scanned-extents';
import { hostAround, imageSpans, scannedText } from './scanned-extents';
import type { FindOptions } from './source-location';
import { contextAround, lineOf, resolveSource } from './source-location';


export const FILLABLE_EXTENSIONS = ['.html', '.htm', '.md', '.mdx', '.jsx', '.tsx', '.vue', '.astro'];

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
// parse5 lower-cases HTML attribute names; SVG's keep their case (viewBox), ARIA's are lower case.
const lookupOf = (element: Element): AttributeLookup => (name) => attrOf(element, name);

/** The `lang` of the image or its nearest ancestor that has a valid one. */
function htmlLanguage(element: Element): string | undefined {
  for (let node: DefaultTreeAdapterTypes.ParentNode | null = element; node && 'attrs' in node; node = node.parentNode) {
    // XHTML (EPUB content documents) says xml:lang; HTML says lang.
    const lang = languageTag(attrOf(node, 'lang')) ?? languageTag(attrOf(node, 'xml:lang'));
    if (lang) return lang;
  }
  return undefined;
}

function textOf(node: DefaultTreeAdapterTypes.Node, skip?: DefaultTreeAdapterTypes.Node): string {
  if (node === skip) return '';
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  if ('tagName' in node && (node.tagName === 'script' || node.tagName === 'style')) return '';
  return ('childNodes' in node ? node.childNodes : []).map((child) => textOf(child, skip)).join(' ');
}
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The link or button the image is the only content of: no text of its own, no other image (as the audit counts). */
function htmlPurpose(host: Element | undefined, hostText: string): ImagePurpose | undefined {
  if (!host || hostText) return undefined;
  const images = htmlElements(host).filter((element) => element !== host && elementKindOf(element.tagName, lookupOf(element))).length;
  if (images > 1) return undefined;
  return checkedPurpose({
    kind: hostKindOf(host.tagName, lookupOf(host)) ?? 'button',
    href: host.tagName === 'a' ? attrOf(host, 'href') : undefined,
    label: attrOf(host, 'aria-label')?.trim() || attrOf(host, 'title')?.trim() || undefined,
  });
}

/** An image button acts (H36); an image map area links (H24): their names say what they do. */
function ownPurpose(kind: ElementKind, attr: AttributeLookup): ImagePurpose | undefined {
  if (kind === 'input-image') return { kind: 'button' };
  if (kind === 'area') return checkedPurpose({ kind: 'link', href: attr('href') });
  return undefined;
}

/** What the markup around an element says: hidden by an ancestor, inside an image, the link or button it is in. */
const TABLE_CELLS: ReadonlySet<string> = new Set(['td', 'th']);

function htmlAncestry(element: Element) {
  let hidden = false;
  let inImage = false;
  let host: Element | undefined;
  let cell: Element | undefined;
  for (let node = element.parentNode; node && 'tagName' in node; node = node.parentNode) {
    if (isHiddenValue(attrOf(node, 'aria-hidden'))) hidden = true;
    if (elementKindOf(node.tagName, lookupOf(node))) inImage = true;
    if (!host && hostKindOf(node.tagName, lookupOf(node))) host = node;
    if (!cell && TABLE_CELLS.has(node.tagName)) cell = node;
  }
  const hostText = host ? collapse(textOf(host, element)) : '';
  // Outside a link or button, the table cell it sits in is the text read beside it (H2).
  const cellText = !host && cell ? collapse(textOf(cell, element)) : '';
  return { hidden, inImage, host, hostText, cellText };
}

/** The alt attribute as fill edits it; kinds named otherwise (aria-label, <title>) are never written. */
function htmlAlt(source: string, element: Element, kind: ElementKind): CurrentAlt {
  if (!TAKES_ALT.has(kind)) return { state: 'unknown', reason: `${kindWords(kind)} is named with aria-label, aria-labelledby or its content, not alt: write it by hand` };
  const altLocation = element.sourceCodeLocation?.attrs?.alt;
  if (!altLocation) return { state: 'missing' };
  const value = attrOf(element, 'alt')!;
  const range: AltRange = { start: altLocation.startOffset, end: altLocation.endOffset, quote: quoteOfAttr(source, altLocation.startOffset, altLocation.endOffset) };
  return value === '' ? { state: 'empty', range } : { state: 'present', value, range };
}

const kindWords = (kind: ElementKind) => ({ img: 'an <img>', 'input-image': 'an image button', area: 'an image map area', object: 'an <object>', 'role-img': 'a role="img" element', svg: 'an <svg>' })[kind];

function htmlImages(source: string, file: string, options: FindOptions): FoundImage[] {
  const document = parse(source, { sourceCodeLocationInfo: true });
  const elements = htmlElements(document);
  let byId: Map<string, Element> | undefined;
  const labelledBy = (ids: readonly string[]) => {
    byId ??= new Map(elements.flatMap((element) => (attrOf(element, 'id') ? [[attrOf(element, 'id')!, element] as const] : [])).reverse());
    return ids.map((id) => byId!.get(id)).filter((target) => target !== undefined).map((target) => textOf(target)).join(' ');
  };
  const images: FoundImage[] = [];
  for (const element of elements) {
    const attr = lookupOf(element);
    const kind = elementKindOf(element.tagName, attr);
    if (!kind) continue;
    const location = element.sourceCodeLocation;
    if (!location?.startTag) continue;
    const around = htmlAncestry(element);
    // Inside another image (fallback content of an <object>, shapes of an <svg>): the outer one is announced.
    if (around.inImage) continue;
    const srcName = kind === 'object' ? 'data' : kind === 'area' ? 'href' : 'src';
    const srcLocation = kind === 'area' ? undefined : location.attrs?.[srcName];
    const src = attrOf(element, srcName) ?? '';
    const svgTitle = kind === 'svg' ? element.childNodes.find((child): child is Element => 'tagName' in child && child.tagName === 'title') : undefined;
    const name = accessibleNameOf(kind, attr, {
      labelledBy,
      svgTitle: svgTitle ? textOf(svgTitle) : null,
      content: kind === 'object' ? textOf(element) : null,
    });
    const srcQuote = srcLocation ? quoteOfAttr(source, srcLocation.startOffset, srcLocation.endOffset) : null;
    const purpose = ownPurpose(kind, attr) ?? htmlPurpose(around.host, around.hostText);
    images.push({
      file,
      kind,
      name,
      presentation: presentationOf(kind, attr, around.hidden),
      ...(around.hostText && !purpose ? { besideText: true, adjacentText: around.hostText } : {}),
      ...(around.cellText ? { adjacentText: around.cellText } : {}),
      line: location.startTag.startLine,
      src,
      source: kind === 'img' || kind === 'input-image' ? resolveSource(src, file, options) : { kind: 'unresolved', reason: `${kindWords(kind)}: altwise describes <img> and image buttons only` },
      alt: htmlAlt(source, element, kind),
      syntax: 'html',
      insertAt: srcLocation ? srcLocation.endOffset : location.startTag.startOffset + 1 + element.tagName.length,
      quote: srcQuote ?? '"',
      context: contextAround(source, location.startTag.startOffset, location.startTag.endOffset),
      language: htmlLanguage(element),
      purpose,
      span: { start: location.startTag.startOffset, end: location.startTag.endOffset },
    });
  }
  return images;
}

// ---- JSX, TSX, Vue, Astro, MDX: the tag scanner ------------------------------------------------

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
  /** Table cells (td, th): outside a link or button, a cell's text is what is read beside an image. */
  cells: ScannedTag[];
  /** Every image element's extent: its content is its name, never the text of a link, button or cell. */
  images: Span[];
  langs: ScannedTag[];
  /** Every start tag, for aria-labelledby's ids. */
  tags: ScannedTag[];
  /** Tags with aria-hidden="true": everything inside them is hidden (as the audit's walk reads it). */
  hidden: ScannedTag[];
  fileLanguage?: string;
  /** JSX semantics: a bare attribute is `true`, a capitalised tag is a component. */
  jsx: boolean;
}

/** What fill edits: a static alt (also alt={"…"}), or why it cannot be written. */
function scannedAlt(tag: ScannedTag, kind: ElementKind, jsx: boolean, spread: boolean): CurrentAlt {
  if (!TAKES_ALT.has(kind)) return { state: 'unknown', reason: `${kindWords(kind)} is named with aria-label, aria-labelledby or its content, not alt: write it by hand` };
  const altAttr = findAttr(tag, 'alt');
  if (!altAttr) return spread ? { state: 'unknown', reason: 'alt may come from a {...spread}' } : { state: 'missing' };
  const value = attrValue(tag, 'alt', jsx);
  const range: AltRange = { start: altAttr.start, end: altAttr.end, quote: altAttr.quote === '"' || altAttr.quote === "'" ? altAttr.quote : null };
  if (value === UNKNOWN) return { state: 'unknown', reason: 'alt is an expression' };
  // A bare JSX alt, alt={undefined}, alt={false}: React renders no alt at all.
  if (typeof value !== 'string') return { state: 'missing', range };
  return value === '' ? { state: 'empty', range } : { state: 'present', value, range };
}

function tagImage(tag: ScannedTag, kind: ElementKind, source: string, file: string, options: FindOptions, around: Surroundings): FoundImage {
  const jsx = around.jsx;
  const src = findAttr(tag, kind === 'object' ? 'data' : 'src');
  const spread = hasSpread(tag);

  let written = src?.value ?? '';
  let imageSource: ImageSource;
  if (kind !== 'img' && kind !== 'input-image') {
    imageSource = { kind: 'unresolved', reason: `${kindWords(kind)}: altwise describes <img> and image buttons only` };
  } else if (src && /^(?::|v-bind:)/i.test(src.name)) {
    written = `:src="${src.value}"`;
    imageSource = { kind: 'unresolved', reason: `${src.name} is bound to an expression` };
  } else if (src && src.quote === '{') {
    const value = staticSrc(src.value ?? '', source);
    written = `{${src.value}}`;
    imageSource = value === null ? { kind: 'unresolved', reason: `src={${src.value?.trim()}} is not a static import path` } : resolveSource(value, file, options);
  } else {
    imageSource = resolveSource(written, file, options);
  }

  // The element model reads attributes as rendered: a string, absent, or not knowable here.
  let unknownName: string | undefined;
  const lookup: AttributeLookup = (name) => {
    const value = attrValue(tag, name, jsx);
    if (value === UNKNOWN) {
      if (['alt', 'aria-label', 'aria-labelledby', 'title'].includes(name)) unknownName ??= `${name} is an expression`;
      return undefined;
    }
    if (value === undefined || value === null) return undefined;
    // A boolean renders nothing on alt (React drops it), 'true'/'false' on ARIA attributes.
    if (typeof value === 'boolean') return name === 'alt' ? undefined : String(value);
    return value;
  };
  const byId = (id: string) => around.tags.find((candidate) => attrValue(candidate, 'id', jsx) === id);
  const svgTitle = kind === 'svg' ? /<title\b[^>]*>([^<]*)<\/title>/i.exec(source.slice(tag.end, tag.end + 2000))?.[1] : undefined;
  const name: AccessibleName = accessibleNameOf(kind, lookup, {
    labelledBy: (ids) => ids.map(byId).filter((target) => target !== undefined).map((target) => scannedText(source, target)).join(' '),
    svgTitle: svgTitle ?? null,
    content: kind === 'object' ? scannedText(source, tag) : null,
  });
  if (!unknownName && spread && name.name === null) unknownName = 'its name may come from a {...spread}';
  const host = hostAround(source, tag, around.openers, around.images);
  const cell = host ? undefined : hostAround(source, tag, around.cells, around.images);
  // The image's whole extent: an <svg> or <object> ends at its end tag, not its start tag.
  const extent = around.images.find((span) => span.start === tag.start) ?? tag;
  const purpose = ownPurpose(kind, lookup) ?? purposeAround(source, extent, around.openers);
  return {
    file,
    kind,
    name,
    presentation: presentationOf(kind, lookup, hiddenAt(source, tag.start, around.hidden)),
    ...(unknownName && name.name === null ? { unknownName } : {}),
    ...(host?.text && !purpose ? { besideText: true, adjacentText: host.text } : {}),
    ...(cell?.text ? { adjacentText: cell.text } : {}),
    line: lineOf(source, tag.start),
    src: written,
    source: imageSource,
    alt: scannedAlt(tag, kind, jsx, spread),
    syntax: 'jsx',
    insertAt: src ? src.end : tag.nameEnd,
    quote: src?.quote === "'" ? "'" : quoteOf(''),
    context: contextAround(source, tag.start, tag.end),
    language: languageAt(source, tag.start, around.langs) ?? around.fileLanguage,
    purpose,
    span: { start: tag.start, end: tag.end },
  };
}

/** The scanned tags that need a text alternative; in JSX a capitalised tag is a component (`IMG` is not an <img>). */
function scannedElements(source: string, tags: readonly ScannedTag[], jsx: boolean): Array<{ tag: ScannedTag; kind: ElementKind }> {
  const found: Array<{ tag: ScannedTag; kind: ElementKind }> = [];
  // Inside an <svg> or <object> (its shapes, its fallback content): the outer element is what is announced.
  let insideUntil = -1;
  for (const tag of tags) {
    if (tag.start < insideUntil) continue;
    if (jsx && /^[A-Z]/.test(source[tag.start + 1] ?? '')) continue;
    const kind = elementKindOf(tag.name, (name) => {
      const value = attrValue(tag, name, jsx);
      return typeof value === 'string' ? value : undefined;
    });
    if (!kind) continue;
    found.push({ tag, kind });
    if ((kind === 'svg' || kind === 'object') && !source.slice(tag.start, tag.end).endsWith('/>')) {
      const close = new RegExp(`</${tag.name}\\s*>`, 'i').exec(source.slice(tag.end));
      insideUntil = close ? tag.end + close.index : -1;
    }
  }
  return found;
}

export function syntaxOf(file: string): Syntax {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.html' || extension === '.htm') return 'html';
  if (extension === '.md' || extension === '.mdx') return 'markdown';
  return 'jsx';
}

/** Every element that needs a text alternative in one file, in source order. */
export function findImages(source: string, file: string, options: FindOptions): FoundImage[] {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.html' || extension === '.htm') return htmlImages(source, file, options);
  const markdown = extension === '.md' || extension === '.mdx';
  // Markdown's code is shown, not rendered: blanked before anything is looked for (offsets kept).
  const code = markdown ? blankCode(source) : source;
  const tags = scanStartTags(code, null);
  const jsx = extension === '.jsx' || extension === '.tsx' || extension === '.mdx';
  // A Markdown image's destination may be written <like this.png>: a link destination, not a tag.
  const mdImages = markdown ? markdownImages(source, code, file, options, frontMatterLanguage(source), langTags(code)) : [];
  const destinations = markdown ? [...code.matchAll(/^ {0,3}\[[^\]\n]+\]:[ \t]*<[^>\n]*>/gm)].map((match) => ({ start: match.index, end: match.index + match[0].length })) : [];
  const inMarkdownImage = (tag: ScannedTag) =>
    [...mdImages.flatMap(({ span }) => (span ? [span] : [])), ...destinations].some((span) => tag.start > span.start && tag.start < span.end);
  const elements = scannedElements(code, tags, jsx).filter(({ tag }) => !inMarkdownImage(tag));
  const hidden = tags.filter((tag) => isHiddenValue(String(attrValue(tag, 'aria-hidden', jsx))));
  const around: Surroundings = { openers: linkOrButtonTags(code), cells: scanStartTags(code, TABLE_CELLS), images: imageSpans(code, elements), langs: langTags(code), tags, hidden, fileLanguage: markdown ? frontMatterLanguage(source) : undefined, jsx };
  const found = elements.map(({ tag, kind }) => tagImage(tag, kind, code, file, options, around));
  if (markdown) return [...mdImages, ...found].sort((a, b) => a.insertAt - b.insertAt);
  return found;
}
