import path from 'node:path';
import type { ImageSource } from './found-image';

// Where a found image lies in its file and what it shows: its line, the text around it, its source.

export interface FindOptions {
  /** Where a root-relative src (/images/a.png) is looked up. */
  root: string;
}

export const lineOf = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

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
  const written = trimmed.split(/[?#]/)[0]!;
  let clean = written;
  try {
    clean = decodeURIComponent(written);
  } catch {
    // A stray % ("50%.png") is not an escape: the path is taken as written.
  }
  const absolute = clean.startsWith('/') ? path.join(options.root, clean) : path.resolve(path.dirname(file), clean);
  return { kind: 'file', path: absolute };
}
