// Which images of a book are to be described: those without a text alternative, and, when asked,
// those whose alt the checker finds an error in. A publisher's good alt and a decorative `alt=""`
// stay as they are (counted), and so does an image whose picture is not a readable container entry.
import type { FoundImage } from '../markup/found-image';
import { judgeFound } from '../markup/image-findings';
import type { Book } from './epub-book';
import { documentOf, pictureEntry } from './epub-book';
import type { ImageCounts } from './epub-metadata';

export interface BookTarget {
  image: FoundImage;
  picture: { name: string; data: Buffer };
}

export interface BookSelection {
  targets: BookTarget[];
  /** What stays as it is: decorative, kept, missing (the targets are counted once answered). */
  counts: ImageCounts;
  /** One line per image left without a text alternative, and why. */
  left: string[];
}

/** Where an image is, for a person: `document:line src`. */
export const imageAt = (image: FoundImage) => `${documentOf(image)}:${image.line} ${image.src}`;

export function chooseTargets(book: Book, options: { overwritePoor: boolean; language?: string }): BookSelection {
  const selection: BookSelection = { targets: [], counts: { described: 0, drafts: 0, decorative: 0, kept: 0, missing: 0, longDescriptions: 0 }, left: [] };
  const { counts } = selection;
  for (const image of book.documents.flatMap((document) => document.images)) {
    // Only <img> (and image buttons) take alt; other kinds are lint's to report.
    if (image.kind !== 'img' && image.kind !== 'input-image') continue;
    const alt = image.alt;
    if (alt.state === 'empty') {
      counts.decorative += 1;
      continue;
    }
    // A person's alt stays, unless asked and the checker finds an error in it (a warning never justifies it).
    const poor = alt.state === 'present' && options.overwritePoor && judgeFound(image, options.language).issues.some((issue) => issue.severity === 'error');
    if (alt.state === 'present' && !poor) {
      counts.kept += 1;
      continue;
    }
    const picture = alt.state === 'unknown' ? { reason: alt.reason } : pictureEntry(image, book);
    if ('reason' in picture) {
      if (alt.state === 'present') counts.kept += 1;
      else counts.missing += 1;
      selection.left.push(`${imageAt(image)}: ${picture.reason}`);
      continue;
    }
    selection.targets.push({ image, picture });
  }
  return selection;
}
