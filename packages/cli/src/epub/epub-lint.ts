// altwise epub lint: the checker over every content document of a book, offline.
import fs from 'node:fs';
import { imageIssues } from '@altwise/engine/markup';
import type { Book } from '@altwise/engine/epub';
import { openBook } from '@altwise/engine/epub';

export interface EpubLintFinding {
  document: string;
  line: number;
  src: string;
  ruleId: string;
  severity: 'error' | 'warning';
  message: string;
}

export function lintBook(book: Book, language?: string): { findings: EpubLintFinding[]; images: number } {
  const findings: EpubLintFinding[] = [];
  let images = 0;
  for (const document of book.documents) {
    for (const image of document.images) {
      images += 1;
      for (const issue of imageIssues(image, language)) findings.push({ document: document.name, line: image.line, src: image.src, ...issue });
    }
  }
  return { findings, images };
}

/** Prints the findings; 1 when any is an error. */
export async function epubLint(file: string, options: { language?: string; json?: boolean }, io: { out(text: string): void; err(text: string): void }): Promise<number> {
  const book = await openBook(fs.readFileSync(file));
  for (const note of book.notes) io.err(`altwise: ${note}`);
  const { findings, images } = lintBook(book, options.language);
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  if (options.json) io.out(JSON.stringify({ documents: book.documents.length, images, findings }, null, 2));
  else {
    for (const finding of findings) io.out(`${finding.document}:${finding.line} ${finding.src} ${finding.severity} ${finding.ruleId}: ${finding.message}`);
    io.out(`${book.documents.length} content documents, ${images} images: ${errors} errors, ${findings.length - errors} warnings.`);
  }
  return errors > 0 ? 1 : 0;
}
