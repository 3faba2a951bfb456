// altwise epub fill: every image of a book's content documents without a text alternative (or, with
// --overwrite-poor, one the checker finds an error in) is described through the API with its context
// (the text around it, its caption, its xml:lang), and the book is written anew: the edited
// documents and the OPF change, every other entry keeps its content, `mimetype` first and stored.
import fs from 'node:fs';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import type { Edit, FoundImage } from '@altwise/engine/markup';
import { applyEdits, editFor, judgeFound, plainAltText } from '@altwise/engine/markup';
import { draftWhy, verdictOf } from '../fill/verdict';
import { documentOf, longDescriptionEdits, openBook, parseXml, pictureEntry, withAccessibilityMetadata, writeEpub } from '@altwise/engine/epub';
import type { Book, ImageCounts } from '@altwise/engine/epub';

export interface EpubFillOptions {
  input: string;
  output: string;
  overwritePoor: boolean;
  allowDrafts: boolean;
  concurrency: number;
  language?: string;
  maxLength?: number;
}

export interface EpubFillReport {
  counts: ImageCounts;
  /** One line per image not given a text alternative, and why. */
  left: string[];
  notes: string[];
  changedDocuments: string[];
}

interface Target {
  image: FoundImage;
  picture: { name: string; data: Buffer };
}

async function mapPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, runner));
}

const at = (image: FoundImage) => `${documentOf(image)}:${image.line} ${image.src}`;

/** Which images are described; counts what stays as it is. */
function chooseTargets(book: Book, options: EpubFillOptions, report: EpubFillReport): Target[] {
  const targets: Target[] = [];
  for (const image of book.documents.flatMap((document) => document.images)) {
    // Only <img> (and image buttons) take alt; other kinds are lint's to report.
    if (image.kind !== 'img' && image.kind !== 'input-image') continue;
    const alt = image.alt;
    if (alt.state === 'empty') {
      report.counts.decorative += 1;
      continue;
    }
    // A person's alt stays, unless asked and the checker finds an error in it (a warning never justifies it).
    const poor = alt.state === 'present' && options.overwritePoor && judgeFound(image, options.language).issues.some((issue) => issue.severity === 'error');
    if (alt.state === 'present' && !poor) {
      report.counts.kept += 1;
      continue;
    }
    const picture = alt.state === 'unknown' ? { reason: alt.reason } : pictureEntry(image, book);
    if ('reason' in picture) {
      report.counts.missing += alt.state === 'present' ? 0 : 1;
      if (alt.state === 'present') report.counts.kept += 1;
      report.left.push(`${at(image)}: ${picture.reason}`);
      continue;
    }
    targets.push({ image, picture });
  }
  return targets;
}

export async function epubFill(client: Altwise, options: EpubFillOptions, io: { err(text: string): void }): Promise<EpubFillReport> {
  const book = await openBook(fs.readFileSync(options.input));
  const report: EpubFillReport = { counts: { described: 0, drafts: 0, decorative: 0, kept: 0, missing: 0, longDescriptions: 0 }, left: [], notes: [...book.notes], changedDocuments: [] };
  const targets = chooseTargets(book, options, report);

  // One description per picture and request (the same figure used twice is described once).
  const described = new Map<string, Promise<{ altText: string; decorative: boolean; draft?: string; longDescription?: string } | { error: string }>>();
  const describe = (target: Target) => {
    const language = options.language ?? target.image.language;
    const key = JSON.stringify([target.picture.name, language, target.image.purpose ?? null]);
    let answer = described.get(key);
    if (!answer) {
      answer = client
        .describe({ buffer: target.picture.data, fileName: path.posix.basename(target.picture.name), context: target.image.context || undefined, language, purpose: target.image.purpose, maxLength: options.maxLength })
        .then((result) => {
          const verdict = verdictOf(result as { verification?: unknown; verificationReason?: unknown });
          const draft = verdict.verification === 'draft' ? draftWhy({ altText: '', ...verdict }) : undefined;
          if (result.isDecorative) return { altText: '', decorative: true, draft };
          const altText = plainAltText(String(result.altText ?? ''));
          const longDescription = typeof result.longDescription === 'string' && result.longDescription.trim() ? result.longDescription.trim() : undefined;
          return altText ? { altText, decorative: false, draft, longDescription } : { error: 'the server answered no alt text' };
        })
        .catch((error: unknown) => ({ error: (error as Error).message }));
      described.set(key, answer);
    }
    return answer;
  };

  const edits = new Map<string, Edit[]>();
  let longDescriptions = 0;
  /** A complex image's long description, in the document beside it (EPUB 3), or a note why not. */
  const longDescriptionFor = (image: FoundImage, name: string, description: string): Edit[] => {
    const document = book.documents.find((candidate) => candidate.name === name)!;
    const added = book.pkg.version === 3 && image.kind === 'img' && image.span ? longDescriptionEdits(document.text, image.span.start, description, `altwise-longdesc-${longDescriptions + 1}`) : undefined;
    if (!added) {
      report.notes.push(`${at(image)}: a long description was written by the model but not placed (${book.pkg.version === 2 ? 'EPUB 2 has no <details>' : 'no place for it beside the image'})`);
      return [];
    }
    longDescriptions += 1;
    report.counts.longDescriptions += 1;
    return added;
  };
  let done = 0;
  await mapPool(targets, options.concurrency, async (target) => {
    const answer = await describe(target);
    done += 1;
    io.err(`  ${done}/${targets.length} ${at(target.image)}${'error' in answer ? `: failed: ${answer.error}` : ''}`);
    const wasPresent = target.image.alt.state === 'present';
    if ('error' in answer || (answer.draft && !options.allowDrafts)) {
      report.left.push(`${at(target.image)}: ${'error' in answer ? `failed: ${answer.error}` : `refused: a draft: ${answer.draft}; --allow-drafts writes it`}`);
      if (wasPresent) report.counts.kept += 1;
      else report.counts.missing += 1;
      return;
    }
    const name = documentOf(target.image);
    const documentEdits = [editFor(target.image, answer.altText)];
    if (answer.longDescription && !answer.decorative) documentEdits.push(...longDescriptionFor(target.image, name, answer.longDescription));
    edits.set(name, [...(edits.get(name) ?? []), ...documentEdits]);
    if (answer.decorative) report.counts.decorative += 1;
    else report.counts.described += 1;
    if (answer.draft && !answer.decorative) report.counts.drafts += 1;
  });

  const replaced = new Map<string, Buffer>();
  for (const document of book.documents) {
    const documentEdits = edits.get(document.name);
    if (!documentEdits) continue;
    const text = applyEdits(document.text, documentEdits);
    // The edit inserted escaped attribute text only; proven, not assumed, before the book is written.
    parseXml(text, document.name);
    replaced.set(document.name, Buffer.from(text, 'utf8'));
    report.changedDocuments.push(document.name);
  }
  const metadata = withAccessibilityMetadata(book.pkg.opf, book.pkg.version, report.counts);
  if (metadata.replacedSummary) report.notes.push(`the earlier accessibility summary was replaced: ${metadata.replacedSummary}`);
  replaced.set(book.pkg.opfPath, Buffer.from(metadata.opf, 'utf8'));

  const bytes = await writeEpub(book.entries, replaced);
  // Written beside the target and renamed: a failure never leaves half a book (or overwrites the input half-way).
  const temporary = `${options.output}.altwise-${process.pid}.tmp`;
  fs.writeFileSync(temporary, bytes);
  fs.renameSync(temporary, options.output);
  return report;
}

export function epubFillSummary(report: EpubFillReport, output: string): string {
  const { counts } = report;
  const lines = [
    `Wrote ${output}: ${counts.described} alt texts written${counts.drafts ? ` (${counts.drafts} drafts)` : ''}${counts.longDescriptions ? ` with ${counts.longDescriptions} long descriptions` : ''}, ${counts.decorative} decorative, ${counts.kept} kept as the publisher wrote them, ${counts.missing} still missing; ${report.changedDocuments.length} documents changed.`,
  ];
  for (const note of report.notes) lines.push(`  note: ${note}`);
  for (const line of report.left) lines.push(`  not filled: ${line}`);
  return lines.join('\n');
}
