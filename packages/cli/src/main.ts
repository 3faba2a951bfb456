// The altwise command line: describe, check, audit, fill, lint, epub, job create and monitor. Every call goes through @altwise/sdk.
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Command, InvalidArgumentError, Option } from 'commander';
import { auditCsv, auditTable } from './audit-output';
import { DEFAULT_URL } from './config';
import { describeImages } from './describe-images';
import { errorMessage } from './error-message';
import { jobCreate } from './job-create';
import { addMonitorCommands } from './monitor-commands';
import { addEpubCommands } from './epub/epub-commands';
import { CACHE_FILE, openCache } from './fill/describe-cache';
import { fill, summary } from './fill/fill';
import { slowProgress } from './slow-progress';
import { cliVersion } from './cli-version';


import { clientFrom, jobProgress, nonNegativeInt, positiveInt, write } from './command-kit';
import type { GlobalFlags } from './command-kit';

export function buildProgram(): Command {
  const program = new Command('altwise')
    .description('Alt text where it lives: describe images, check alt text, audit pages, fill missing alt attributes.')
    .option('--api-key <key>', 'API key (default: ALTWISE_API_KEY, then altwise.config.json)')
    .option('--url <url>', `Altwise server (default: ALTWISE_URL, then altwise.config.json, then ${DEFAULT_URL})`)
    .option('--config <file>', 'configuration file (default: ./altwise.config.json)')
    .version(cliVersion(), '-V, --version', 'print the version of altwise')
    .showHelpAfterError();

  program
    .command('describe')
    .description('print alt text for image files or URLs; goes on past an image that fails, and exits 1 then')
    .argument('<inputs...>', 'image files or http(s) URLs')
    .option('--context <text>', 'what the image is for (page text, caption)')
    .option('--language <tag>', 'BCP-47 language, e.g. fr-CA')
    .option('--max-length <n>', 'longest alt text', positiveInt)
    .option('--json', 'print the full results as JSON')
    .action(async (inputs: string[], flags: { context?: string; language?: string; maxLength?: number; json?: boolean }) => {
      const { client } = clientFrom(program);
      const code = await describeImages(client, inputs, flags, { out: write, err: (text) => void process.stderr.write(`${text}\n`) });
      if (code !== 0) process.exitCode = code;
    });

  program
    .command('check')
    .description("check alt text against the WCAG quality rules; exits 1 on an error-level issue")
    .argument('<altText>', 'the alt text to check')
    .option('--context <text>', 'the text around the image')
    .option('--lang, --language <tag>', 'BCP-47 language the alt text is written in (default: detected from the text)')
    .addOption(new Option('--purpose <kind>', "the image is a link's or button's only content: its alt must name where it goes or what it does").choices(['link', 'button']))
    .option('--href <url>', 'with --purpose link: where the link goes')
    .option('--decorative', 'the image is marked decorative (alt="", role="presentation"): any alt text is an error')
    .option('--json', 'print the verdict as JSON')
    // A bad flag is a usage error (exit 2), never confused with a failing verdict's exit 1.
    .exitOverride()
    .action(async (altText: string, flags: { context?: string; language?: string; purpose?: 'link' | 'button'; href?: string; decorative?: boolean; json?: boolean }) => {
      const { client } = clientFrom(program);
      if (flags.href && flags.purpose !== 'link') throw new InvalidArgumentError('--href needs --purpose link');
      const verdict = await client.check(altText, {
        context: flags.context,
        language: flags.language,
        purpose: flags.purpose ? { kind: flags.purpose, ...(flags.href ? { href: flags.href } : {}) } : undefined,
        isDecorative: flags.decorative,
      });
      if (flags.json) write(JSON.stringify(verdict, null, 2));
      else if (verdict.issues.length === 0) write('OK: no issues found');
      else {
        write(verdict.wcagCompliant ? 'Passes, with remarks:' : 'Fails WCAG:');
        for (const issue of verdict.issues) write(`  ${issue.severity}: ${issue.message}`);
      }
      if (verdict.issues.some((issue) => issue.severity === 'error')) process.exitCode = 1;
    });

  program
    .command('audit')
    .description('audit the images of a web page; exits 1 when any image is missing alt text')
    .argument('<url>', 'the page')
    .option('--suggest', 'also suggest alt text for missing and poor images (each is charged)')
    .option('--no-wait', 'with --suggest on a page of more than 50 such images: print where to follow the bulk job instead of waiting for it')
    .option('--csv', 'print CSV')
    .option('--json', 'print JSON')
    .action(async (url: string, flags: { suggest?: boolean; wait: boolean; csv?: boolean; json?: boolean }) => {
      const { client, baseUrl } = clientFrom(program);
      const progress = slowProgress((line) => void process.stderr.write(`${line}\n`));
      progress.step(`altwise: auditing ${url}${flags.suggest ? ' (suggestions are written for missing and poor images)' : ''}`);
      let audit = await client.audits.create({ url, suggest: flags.suggest === true }).finally(() => progress.finish());
      if (audit.job) {
        const err = (text: string) => void process.stderr.write(`${text}\n`);
        if (!flags.wait) {
          err(`Suggestions run as bulk job ${audit.job.id}: follow it at ${baseUrl}${audit.job.url}; the audit, with them once it is over: ${baseUrl}/api/v1/audits/${audit.id}`);
        } else {
          err(`Suggestions run as bulk job ${audit.job.id}: following ${baseUrl}${audit.job.url}`);
          audit = await client.audits.waitFor(audit, { onPoll: jobProgress(err) });
        }
      }
      if (flags.json) write(JSON.stringify(audit, null, 2));
      else if (flags.csv) write(auditCsv(audit));
      else write(auditTable(audit));
      if (audit.summary.missing > 0) process.exitCode = 1;
    });

  program
    .command('fill')
    .description('write alt text into .html .htm .md .mdx .jsx .tsx .vue .astro files where it is missing; exits 1 when an image was refused or failed')
    .argument('<globs...>', 'files or glob patterns, e.g. "src/**/*.tsx"')
    .option('--root <dir>', 'where root-relative image paths (/images/a.png) are found (default: the working folder)')
    .option('--dry-run', 'print a unified diff and change nothing')
    .option('--review', 'accept, edit or skip each alt text in the terminal')
    .option('--include-decorative', 'also describe images marked decorative with alt=""')
    .option('--overwrite-poor', 'replace existing alt text when the checker finds an error in it')
    .option('--allow-drafts', 'also write drafts (alt text written without a vision model); without it they are refused and the exit code is 1')
    .option('--allow-errors', "also write answers the server's checker found an error-level issue in; without it they are refused and the exit code is 1")
    .option('--concurrency <n>', 'descriptions in flight', positiveInt)
    .option('--cache <file>', `results kept for resuming (default: ./${CACHE_FILE})`)
    .option('--language <tag>', 'BCP-47 language of the alt text')
    .option('--max-length <n>', 'longest alt text', positiveInt)
    .option('--write-metadata', 'instead: the arguments are image files or folders (JPEG, PNG, WebP); write alt text into each file\'s own XMP (IPTC Alt Text (Accessibility)), in place, keeping the original as <file>.altwise-backup (--dry-run to only print it); a field a person filled is skipped unless --overwrite-poor and the checker finds an error in it')
    .option('--metadata-suffix <text>', 'with --write-metadata: appended to the text written into the files only, e.g. "(AI-generated)" where a newsroom requires it (off by default)')
    .action(async (globs: string[], flags: { root?: string; dryRun?: boolean; review?: boolean; includeDecorative?: boolean; overwritePoor?: boolean; allowDrafts?: boolean; allowErrors?: boolean; concurrency?: number; cache?: string; language?: string; maxLength?: number; writeMetadata?: boolean; metadataSuffix?: string }) => {
      const { client, concurrency, root } = clientFrom(program);
      const cwd = process.cwd();
      if (flags.writeMetadata) {
        const { writeMetadata, writeMetadataSummary } = await import('./fill/write-metadata');
        const options = { paths: globs, cwd, dryRun: flags.dryRun === true, overwritePoor: flags.overwritePoor === true, allowDrafts: flags.allowDrafts === true, language: flags.language, maxLength: flags.maxLength, suffix: flags.metadataSuffix };
        const report = await writeMetadata(client, options, { out: write });
        write(writeMetadataSummary(report, options.dryRun));
        if (report.failed.length > 0 || report.refused.length > 0) process.exitCode = 1;
        return;
      }
      const readline = flags.review ? createInterface({ input: process.stdin, output: process.stderr }) : null;
      try {
        const report = await fill(
          client,
          openCache(path.resolve(flags.cache ?? CACHE_FILE)),
          {
            patterns: globs,
            cwd,
            root: path.resolve(cwd, flags.root ?? root ?? '.'),
            dryRun: flags.dryRun === true,
            review: flags.review === true,
            includeDecorative: flags.includeDecorative === true,
            overwritePoor: flags.overwritePoor === true,
            allowDrafts: flags.allowDrafts === true,
            allowErrors: flags.allowErrors === true,
            concurrency: flags.concurrency ?? concurrency,
            language: flags.language,
            maxLength: flags.maxLength,
          },
          {
            out: write,
            err: (text) => void process.stderr.write(text),
            isTTY: process.stderr.isTTY === true,
            ask: readline ? (question) => readline.question(question) : undefined,
          },
        );
        write(summary(report, { dryRun: flags.dryRun === true, cwd, allowDrafts: flags.allowDrafts === true, allowErrors: flags.allowErrors === true }));
        // 1 when anything was refused (outside the folder, not an image, a draft, an answer with an error) or failed: CI notices.
        if (report.failed.length > 0 || report.refused.length > 0) process.exitCode = 1;
      } finally {
        readline?.close();
      }
    });

  const job = program.command('job').description('bulk jobs (paid plans): many images at once, reviewed and exported on the server');
  job
    .command('create')
    .description('start a job from the images in a folder (walked recursively; dotfiles and links out of it skipped) or a .zip; prints the job id, progress on stderr; exits 1 when a file was refused (or, with --wait, an item failed)')
    .argument('<folder|zip>', 'a folder of images, or a .zip of them')
    .option('--language <tag>', 'BCP-47 language of the alt text')
    .option('--max-length <n>', 'longest alt text', positiveInt)
    .option('--wait', 'follow the job until it is over')
    .action(async (target: string, flags: { language?: string; maxLength?: number; wait?: boolean }) => {
      const { client, baseUrl } = clientFrom(program);
      const err = (text: string) => void process.stderr.write(text);
      process.exitCode = await jobCreate(client, baseUrl, target, flags, {
        out: write,
        err,
        isTTY: process.stderr.isTTY === true,
        onPoll: jobProgress((line) => err(`${line}\n`)),
      });
    });

  addEpubCommands(program);
  addMonitorCommands(program);

  program
    .command('lint')
    .description('check the alt text of every image in .html .htm .md .mdx .jsx .tsx .vue .astro files, offline (no server, no key); exits 1 on an error')
    .argument('<globs...>', 'files or glob patterns, e.g. "src/**/*.tsx" "docs/**/*.md"')
    .addOption(new Option('--format <format>', 'output').choices(['table', 'json', 'sarif', 'github']).default('table'))
    .option('--language <tag>', 'BCP-47 language of the alt text where the file does not say (default: "language" of the config\'s lint section)')
    .option('--max-warnings <n>', 'also exit 1 when there are more warnings than this', nonNegativeInt)
    .option('--changed <base>', 'only report images on lines `git diff <base>` added or changed')
    // A bad flag is a usage error (exit 2, from run()), never confused with a finding's exit 1.
    .exitOverride()
    .action(async (globs: string[], flags: { format: 'table' | 'json' | 'sarif' | 'github'; language?: string; maxWarnings?: number; changed?: string }) => {
      // Loaded here, not above: the checker's word lists cost the other commands nothing.
      const { lintCommand } = await import('./lint/lint-command');
      process.exitCode = await lintCommand(globs, flags, program.opts<GlobalFlags>().config, { out: write, err: (text) => void process.stderr.write(`${text}\n`) });
    });

  return program;
}

/** Runs the command line; the exit code is 0, 1 (a finding or a failure) or 2 (a usage error, no server, an API error that ends the command). */
export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  program.exitOverride();
  try {
    await program.parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (error && typeof error === 'object' && 'exitCode' in error && (error as { code?: string }).code?.startsWith('commander.')) {
      return (error as { exitCode: number }).exitCode === 0 ? 0 : 2;
    }
    process.stderr.write(`altwise: ${errorMessage(error)}\n`);
    return 2;
  }
}
