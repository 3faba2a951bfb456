// altwise epub fill: every image of a book's content documents without a text alternative (or, with
// --overwrite-poor, one the checker finds an error in) is described through the API with its context
// (the text around it, its caption, its xml:lang), and the book is written anew: the edited
// documents and the OPF change, every other entry keeps its content, `mimetype` first and stored.
import fs from 'node:fs';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import pMap from 'p-map';
import { plainAltText } from '@altwise/engine/markup';
import { chooseTargets, imageAt, openBook, writeFilledBook } from '@altwise/engine/epub';
import type { BookAnswer, BookTarget, ImageCounts } from '@altwise/engine/epub';
import { draftWhy, verdictOf } from '../fill/verdict';

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

const at = imageAt;

export async function epubFill(client: Altwise, options: EpubFillOptions, io: { err(text: string): void }): Promise<EpubFillReport> {
  const book = await openBook(fs.readFileSync(options.input));
  const { targets, counts, left } = chooseTargets(book, options);
  const report: EpubFillReport = { counts, left, notes: [...book.notes], changedDocuments: [] };

  // One description per picture and request (the same figure used twice is described once).
  const described = new Map<string, Promise<{ altText: string; decorative: boolean; draft?: string; longDescription?: string } | { error: string }>>();
  const describe = (target: BookTarget) => {
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

  const answers: BookAnswer[] = [];
  let done = 0;
  await pMap(targets, async (target) => {
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
    answers.push({ image: target.image, altText: answer.altText, decorative: answer.decorative, longDescription: answer.longDescription });
    if (answer.decorative) report.counts.decorative += 1;
    else report.counts.described += 1;
    if (answer.draft && !answer.decorative) report.counts.drafts += 1;
  }, { concurrency: options.concurrency });
  // In the book's order, whatever order the answers came in (the long descriptions' ids follow it).
  const order = new Map(targets.map((target, index) => [target.image, index]));
  answers.sort((a, b) => order.get(a.image)! - order.get(b.image)!);
  const filled = await writeFilledBook(book, answers, report.counts);
  report.notes.push(...filled.notes);
  report.changedDocuments.push(...filled.changedDocuments);
  // Written beside the target and renamed: a failure never leaves half a book (or overwrites the input half-way).
  const temporary = `${options.output}.altwise-${process.pid}.tmp`;
  fs.writeFileSync(temporary, filled.bytes);
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
