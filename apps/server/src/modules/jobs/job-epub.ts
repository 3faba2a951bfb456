// Jobs over an EPUB (issue 38): the book is an upload of its own. Its images that need a text
// alternative become the job's items, each with its context (the text around it, its caption, its
// xml:lang); a publisher's good alt and a decorative `alt=""` stay as they are. The book itself is
// kept with the job's files, at a place no item takes, so that the review's accepted results can be
// written into it later (GET /api/v1/jobs/{id}/epub), by the same code `altwise epub fill` uses.
import { createHash } from 'node:crypto';
import type { Book, BookAnswer, BookTarget, EpubLimits } from '@altwise/engine/epub';
import { captionOf, chooseTargets, documentOf, EpubRefused, EpubTooLarge, EPUB_LIMITS, openBook, writeFilledBook } from '@altwise/engine/epub';
import { plainAltText } from '@altwise/engine/markup';
import type { JobItem } from '@altwise/shared';
import { AppError } from '../../platform/errors';
import { RATIO_FLOOR, ZIP_MAX_RATIO, ZIP_MAX_TOTAL_RATIO } from './job-zip';

/** The book's place among its job's files: past any item's (a job has at most 10,000), within fileRef's six digits. */
export const EPUB_FILE_IDX = 999_999;
/** An EPUB upload is read whole into memory (a book is a zip read from its end): at most this large. */
export const MAX_EPUB_BYTES = 256 * 1024 * 1024;
/** The columns an EPUB job's items carry (its results and CSV export show them). */
export const EPUB_COLUMNS = ['path', 'document', 'line', 'src', 'xml_lang', 'image'];
const MAX_CONTEXT = 2_000;
/** An image whose alt the checker finds an error in is an item too: its replacement goes through review. */
const SELECTION = { overwritePoor: true } as const;

export function isEpubPart(fileName: string, mimeType: string): boolean {
  return /\.epub$/i.test(fileName) || mimeType === 'application/epub+zip';
}

/** The same bomb rules as a zip of images (job-zip.ts): per entry, and over the whole archive. */
function uploadLimits(maxImageBytes: number): EpubLimits {
  return {
    ...EPUB_LIMITS,
    entryRatio: ZIP_MAX_RATIO,
    entryRatioFloor: RATIO_FLOOR,
    archiveRatio: ZIP_MAX_TOTAL_RATIO,
    archiveRatioFloor: 2 * maxImageBytes,
  };
}

async function openUploaded(bytes: Buffer, maxImageBytes: number): Promise<Book> {
  try {
    return await openBook(bytes, uploadLimits(maxImageBytes));
  } catch (error) {
    if (error instanceof EpubTooLarge) throw new AppError('payload_too_large', `The EPUB is refused whole: ${error.message}`, 413);
    if (error instanceof EpubRefused) throw new AppError('validation_failed', `The EPUB could not be read: ${error.message}`, 400, [{ field: 'files', message: error.message }]);
    throw error;
  }
}

/** An image's place in its book, the same at upload and when the book is written: document and position in it. */
const placeOf = (book: Book, target: BookTarget) => {
  const document = documentOf(target.image);
  return { document, image: String(book.documents.find((candidate) => candidate.name === document)!.images.indexOf(target.image)) };
};

export interface EpubItem {
  path: string;
  bytes: Buffer;
  sha256: string;
  context: string | null;
  columns: string;
}

/**
 * The items of an uploaded book, in its reading order, and the images left as they are with why
 * (row errors). Refuses (400, 413) what is not a readable EPUB within the upload limits.
 */
export async function epubItems(bytes: Buffer, maxImageBytes: number): Promise<{ items: EpubItem[]; left: string[]; notes: string[] }> {
  const book = await openUploaded(bytes, maxImageBytes);
  const selection = chooseTargets(book, SELECTION);
  const texts = new Map(book.documents.map((document) => [document.name, document.text]));
  const items = selection.targets.map((target) => {
    const { image, picture } = target;
    const place = placeOf(book, target);
    const caption = image.span ? captionOf(texts.get(place.document)!, image.span.start) : '';
    const context = [caption && `Caption: ${caption}`, image.context].filter(Boolean).join('\n').slice(0, MAX_CONTEXT);
    const columns = { path: picture.name, document: place.document, line: String(image.line), src: image.src, ...(image.language && { xml_lang: image.language }), image: place.image };
    return { path: picture.name, bytes: picture.data, sha256: createHash('sha256').update(picture.data).digest('hex'), context: context || null, columns: JSON.stringify(columns) };
  });
  return { items, left: selection.left, notes: book.notes };
}

/** A job item as the book's writer needs it: its place (columns), its review and its result. */
type ReviewedItem = Pick<JobItem, 'columns' | 'review' | 'result'>;

/**
 * The book with the job's accepted results written in: an approved item's alt text (and long
 * description); every other image stays as it was. The accessibility summary counts what is true.
 */
export async function filledEpub(bytes: Buffer, items: readonly ReviewedItem[], maxImageBytes: number): Promise<Buffer> {
  const book = await openUploaded(bytes, maxImageBytes);
  const { targets, counts } = chooseTargets(book, SELECTION);
  const accepted = new Map<string, NonNullable<JobItem['result']>>();
  for (const item of items) {
    if (item.review === 'approved' && item.result) accepted.set(`${item.columns.document}#${item.columns.image}`, item.result);
  }
  const answers: BookAnswer[] = [];
  for (const target of targets) {
    const place = placeOf(book, target);
    const result = accepted.get(`${place.document}#${place.image}`);
    if (!result) {
      // Not accepted (or refused at upload): a poor alt stays the publisher's, a missing one stays missing.
      if (target.image.alt.state === 'present') counts.kept += 1;
      else counts.missing += 1;
      continue;
    }
    const decorative = result.isDecorative || !result.altText.trim();
    answers.push({ image: target.image, altText: decorative ? '' : plainAltText(result.altText), decorative, longDescription: result.longDescription });
    if (decorative) counts.decorative += 1;
    else counts.described += 1;
  }
  return (await writeFilledBook(book, answers, counts)).bytes;
}
