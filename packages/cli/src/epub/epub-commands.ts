import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { clientFrom, positiveInt, write } from '../command-kit';

/** altwise epub lint|fill|export-csv|import-csv (docs/files.md, "In publications"). */
export function addEpubCommands(program: Command): void {
  const epub = program.command('epub').description('alt text in EPUB publications: check every content document, or describe what is missing into a new book');
  epub
    .command('lint')
    .description('check the text alternatives of every image in an EPUB, offline (no server, no key); exits 1 on an error')
    .argument('<book>', 'the .epub file')
    .option('--language <tag>', 'BCP-47 language of the alt text where the document does not say (xml:lang)')
    .option('--json', 'print the findings as JSON')
    .action(async (book: string, flags: { language?: string; json?: boolean }) => {
      const { epubLint } = await import('./epub-lint');
      process.exitCode = await epubLint(path.resolve(book), flags, { out: write, err: (text) => void process.stderr.write(`${text}\n`) });
    });
  epub
    .command('fill')
    .description("describe the images of an EPUB that have no alt text and write a new EPUB with them and its accessibility metadata; a publisher's alt text stays; exits 1 when an image was left without one")
    .argument('<book>', 'the .epub file')
    .requiredOption('-o, --output <file>', 'the new .epub')
    .option('--overwrite-poor', 'replace existing alt text when the checker finds an error in it')
    .option('--allow-drafts', 'also write drafts (alt text written without a vision model); without it they are refused')
    .option('--concurrency <n>', 'descriptions in flight', positiveInt)
    .option('--language <tag>', 'BCP-47 language of the alt text (default: the xml:lang of each image)')
    .option('--max-length <n>', 'longest alt text', positiveInt)
    .action(async (book: string, flags: { output: string; overwritePoor?: boolean; allowDrafts?: boolean; concurrency?: number; language?: string; maxLength?: number }) => {
      const { client, concurrency } = clientFrom(program);
      const { epubFill, epubFillSummary } = await import('./epub-fill');
      const output = path.resolve(flags.output);
      const report = await epubFill(
        client,
        { input: path.resolve(book), output, overwritePoor: flags.overwritePoor === true, allowDrafts: flags.allowDrafts === true, concurrency: flags.concurrency ?? concurrency, language: flags.language, maxLength: flags.maxLength },
        { err: (text) => void process.stderr.write(`${text}\n`) },
      );
      write(epubFillSummary(report, flags.output));
      if (report.counts.missing > 0) process.exitCode = 1;
    });

  epub
    .command('export-csv')
    .description("the book's images as a spreadsheet for editors: document, image, line, file, caption, current_alt, and suggested_alt, long_description, decorative to fill in (offline)")
    .argument('<book>', 'the .epub file')
    .option('-o, --output <file>', 'write the CSV here (default: standard output)')
    .action(async (book: string, flags: { output?: string }) => {
      const { openBook } = await import('@altwise/engine/epub');
      const { exportCsv } = await import('./epub-csv');
      const csv = exportCsv(await openBook(fs.readFileSync(path.resolve(book))));
      if (flags.output) fs.writeFileSync(path.resolve(flags.output), csv);
      else process.stdout.write(csv);
    });
  epub
    .command('import-csv')
    .description('apply an edited sheet (from export-csv) to the book and write a new EPUB with its accessibility metadata; exits 1 when a row was refused')
    .argument('<book>', 'the .epub file the sheet was exported from')
    .argument('<sheet>', 'the edited CSV')
    .requiredOption('-o, --output <file>', 'the new .epub')
    .action(async (book: string, sheet: string, flags: { output: string }) => {
      const { importCsv } = await import('./epub-csv');
      const report = await importCsv(path.resolve(book), path.resolve(sheet), path.resolve(flags.output));
      write(`Wrote ${flags.output}: ${report.applied} rows applied, ${report.longDescriptions} long descriptions, ${report.refused.length} refused.`);
      for (const line of report.refused) write(`  refused: ${line}`);
      if (report.refused.length > 0) process.exitCode = 1;
    });
}
