// Alt text applied to a book: each answered image gets its alt (and, in EPUB 3, a complex image its
// long description beside it), the package's accessibility metadata tells what is now true, and
// the book is written anew: the edited documents and the OPF change, every other entry keeps its
// content, `mimetype` first and stored. `altwise epub fill` and the server's EPUB jobs both end here.
import type { Edit } from '../markup/edits';
import { applyEdits, editFor } from '../markup/edits';
import type { FoundImage } from '../markup/found-image';
import { writeEpub } from './epub-archive';
import type { Book } from './epub-book';
import { documentOf } from './epub-book';
import { imageAt } from './epub-targets';
import type { ImageCounts } from './epub-metadata';
import { withAccessibilityMetadata } from './epub-metadata';
import { longDescriptionEdits } from './epub-long-description';
import { parseXml } from './epub-xml';

/** What one image of the book is given: its alt text ("" when decorative), and maybe a long description. */
export interface BookAnswer {
  image: FoundImage;
  altText: string;
  decorative: boolean;
  longDescription?: string;
}

export interface FilledBook {
  bytes: Buffer;
  changedDocuments: string[];
  /** Long descriptions not placed, and an accessibility summary replaced. */
  notes: string[];
}

/**
 * The book with `answers` written into it. `counts` says what the book's images are now (for the
 * accessibility summary); its `longDescriptions` is counted here, as they are placed.
 */
export async function writeFilledBook(book: Book, answers: readonly BookAnswer[], counts: ImageCounts): Promise<FilledBook> {
  const notes: string[] = [];
  const edits = new Map<string, Edit[]>();
  let longDescriptions = 0;
  for (const answer of answers) {
    const name = documentOf(answer.image);
    const documentEdits = [editFor(answer.image, answer.decorative ? '' : answer.altText)];
    const description = answer.decorative ? undefined : answer.longDescription?.trim();
    if (description) {
      const document = book.documents.find((candidate) => candidate.name === name)!;
      const image = answer.image;
      const added = book.pkg.version === 3 && image.kind === 'img' && image.span ? longDescriptionEdits(document.text, image.span.start, description, `altwise-longdesc-${longDescriptions + 1}`) : undefined;
      if (added) {
        longDescriptions += 1;
        documentEdits.push(...added);
      } else {
        notes.push(`${imageAt(image)}: a long description was written by the model but not placed (${book.pkg.version === 2 ? 'EPUB 2 has no <details>' : 'no place for it beside the image'})`);
      }
    }
    edits.set(name, [...(edits.get(name) ?? []), ...documentEdits]);
  }

  const replaced = new Map<string, Buffer>();
  const changedDocuments: string[] = [];
  for (const document of book.documents) {
    const documentEdits = edits.get(document.name);
    if (!documentEdits) continue;
    const text = applyEdits(document.text, documentEdits);
    // The edit inserted escaped attribute text only; proven, not assumed, before the book is written.
    parseXml(text, document.name);
    replaced.set(document.name, Buffer.from(text, 'utf8'));
    changedDocuments.push(document.name);
  }
  counts.longDescriptions = longDescriptions;
  const metadata = withAccessibilityMetadata(book.pkg.opf, book.pkg.version, counts);
  if (metadata.replacedSummary) notes.push(`the earlier accessibility summary was replaced: ${metadata.replacedSummary}`);
  replaced.set(book.pkg.opfPath, Buffer.from(metadata.opf, 'utf8'));
  return { bytes: await writeEpub(book.entries, replaced), changedDocuments, notes };
}
