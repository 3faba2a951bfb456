// An EPUB opened for alt text: its entries, package, and every element that needs a text
// alternative in its content documents, found by the same scanner (and so the engine's element
// model) `altwise lint` and `fill` use for HTML, with each image's picture as a container entry.
import path from 'node:path';
import type { FoundImage } from '../markup/found-image';
import { findImages } from '../markup/find-images';
import type { EpubEntry, EpubLimits } from './epub-archive';
import { readEpub } from './epub-archive';
import type { EpubPackage } from './epub-package';
import { readPackage } from './epub-package';
import { parseXml } from './epub-xml';

// Content documents are scanned as if under this folder, so a src resolves to an entry name.
const VIRTUAL_ROOT = path.resolve('/altwise-epub-container');

export interface BookDocument {
  name: string;
  text: string;
  images: FoundImage[];
}

export interface Book {
  entries: EpubEntry[];
  pkg: EpubPackage;
  documents: BookDocument[];
  /** Notes for the user: encrypted documents left untouched, and so on. */
  notes: string[];
}

/** The entry an image's picture is, or why it is not one (outside the container, a URL, encrypted, missing). */
export function pictureEntry(image: FoundImage, book: Book): { name: string; data: Buffer } | { reason: string } {
  if (image.source.kind === 'unresolved') return { reason: image.source.reason };
  if (image.source.kind === 'url') return { reason: 'the image is outside the container (a remote URL): not described' };
  const relative = path.relative(VIRTUAL_ROOT, image.source.path).split(path.sep).join('/');
  if (relative.startsWith('..') || path.isAbsolute(relative)) return { reason: 'the image is outside the container: not described' };
  if (book.pkg.encrypted.has(relative)) return { reason: `${relative} is encrypted (META-INF/encryption.xml): not described` };
  const entry = book.entries.find((candidate) => candidate.name === relative);
  return entry ? { name: relative, data: entry.data } : { reason: `${relative} is not in the container` };
}

export const documentOf = (image: FoundImage) => path.relative(VIRTUAL_ROOT, image.file).split(path.sep).join('/');

/** The book in `bytes` (an EPUB file's content), read within the container limits of epub-archive.ts. */
export async function openBook(bytes: Buffer, limits?: EpubLimits): Promise<Book> {
  const entries = await readEpub(bytes, limits);
  const pkg = readPackage(entries);
  const notes: string[] = [];
  for (const name of pkg.encrypted) notes.push(`${name} is encrypted (META-INF/encryption.xml): reported, left untouched`);
  const documents: BookDocument[] = [];
  for (const name of pkg.contentDocuments) {
    if (pkg.encrypted.has(name)) continue;
    const text = entries.find((entry) => entry.name === name)!.data.toString('utf8');
    // Well-formed XML without DTD declarations, or the book is refused (see epub-xml.ts).
    parseXml(text, name);
    documents.push({ name, text, images: findImages(text, path.join(VIRTUAL_ROOT, name), { root: VIRTUAL_ROOT }) });
  }
  return { entries, pkg, documents, notes };
}
