import fs from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { clientFrom, positiveInt, write } from './command-kit';
import { fixLines, imageLines, monitorLines, runLines } from './monitor-output';

/** A share from 0 to 1 (a coverage threshold). */
function share(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1) throw new InvalidArgumentError('must be a share from 0 to 1, such as 0.95');
  return parsed;
}

/** altwise monitor create|run|status|report|fixes (docs/monitors.md). */
export function addMonitorCommands(program: Command): void {
  const monitor = program.command('monitor').description('site monitors: a whole site crawled on a schedule, each run compared with the one before');
  const collect = (value: string, previous: string[] = []) => [...previous, value];
  monitor
    .command('create')
    .description('monitor a site; prints the monitor id')
    .argument('<url>', "the site's start page")
    .option('--schedule <schedule>', 'manual, daily, weekly or a cron expression (UTC)', 'manual')
    .option('--max-pages <n>', 'pages per run', positiveInt, 100)
    .option('--include <pattern>', 'only crawl paths starting so (* matches anything); repeatable', collect)
    .option('--exclude <pattern>', 'never crawl paths starting so; repeatable', collect)
    .option('--coverage-threshold <share>', 'alert when a run covers less than this share of images (0 to 1)', share)
    .option('--json', 'print the monitor as JSON')
    .action(async (url: string, flags: { schedule: string; maxPages: number; include?: string[]; exclude?: string[]; coverageThreshold?: number; json?: boolean }) => {
      const { client } = clientFrom(program);
      const created = await client.monitors.create({
        url,
        schedule: flags.schedule,
        maxPages: flags.maxPages,
        include: flags.include,
        exclude: flags.exclude,
        ...(flags.coverageThreshold !== undefined && { coverageThreshold: flags.coverageThreshold }),
      });
      write(flags.json ? JSON.stringify(created, null, 2) : monitorLines(created).join('\n'));
    });
  monitor
    .command('run')
    .description('run a monitor now and follow the run; exits 1 when it found regressions or failed')
    .argument('<id>', 'the monitor')
    .option('--no-wait', 'print the queued run and return')
    .option('--json', 'print the run as JSON')
    .action(async (id: string, flags: { wait: boolean; json?: boolean }) => {
      const { client } = clientFrom(program);
      let run = await client.monitors.run(id);
      if (flags.wait) {
        let last = '';
        run = await client.monitors.waitForRun(id, run.id, {
          onPoll: (polled) => {
            const line = `  ${polled.status}: ${polled.pagesCrawled} pages read`;
            if (line !== last) process.stderr.write(`${line}\n`);
            last = line;
          },
        });
      }
      write(flags.json ? JSON.stringify(run, null, 2) : runLines(run).join('\n'));
      if (run.status === 'failed' || (run.regressed ?? 0) > 0) process.exitCode = 1;
    });
  monitor
    .command('status')
    .description("a monitor and its latest run")
    .argument('<id>', 'the monitor')
    .option('--json', 'print JSON')
    .action(async (id: string, flags: { json?: boolean }) => {
      const { client } = clientFrom(program);
      const [found, runs] = await Promise.all([client.monitors.get(id), client.monitors.runs(id)]);
      if (flags.json) return write(JSON.stringify({ monitor: found, latestRun: runs[0] ?? null }, null, 2));
      write([...monitorLines(found), ...(runs[0] ? runLines(runs[0]) : ['No run yet.'])].join('\n'));
    });
  monitor
    .command('report')
    .description("a run's figures, what changed and its failing images (default: the latest completed run); exits 1 when an image fails")
    .argument('<id>', 'the monitor')
    .option('--run <runId>', 'another run')
    .option('--html <file>', "also write the run's printable, dated HTML report to this file")
    .option('--fixes <file>', 'also write the fix list (approved suggestions of the run\'s fix job, per page) as CSV to this file')
    .option('--json', 'print JSON')
    .action(async (id: string, flags: { run?: string; html?: string; fixes?: string; json?: boolean }) => {
      const { client } = clientFrom(program);
      const run = flags.run ? await client.monitors.getRun(id, flags.run) : (await client.monitors.runs(id)).find((candidate) => candidate.status === 'completed');
      if (!run) throw new Error('This monitor has no completed run yet');
      if (flags.html) fs.writeFileSync(flags.html, await client.monitors.report(id, run.id));
      if (flags.fixes) fs.writeFileSync(flags.fixes, await client.monitors.fixesCsv(id, run.id));
      const images = await client.monitors.images(id, run.id, { failing: 'true', limit: 500 });
      write(flags.json ? JSON.stringify({ run, failingImages: images }, null, 2) : [...runLines(run), ...imageLines(images)].join('\n'));
      if ((run.failing ?? 0) > 0) process.exitCode = 1;
    });
  monitor
    .command('fixes')
    .description("a run's fix list: the suggestions approved in its fix job's review, per page (default: the latest completed run); with --apply, written into the folder the site is built from; exits 1 when a fix could not be placed")
    .argument('<id>', 'the monitor')
    .option('--run <runId>', 'another run')
    .option('--apply <folder>', "write each approved alt into its page's source file (.html .htm .md .mdx) in this folder")
    .option('--base-url <url>', "with --apply: the URL the folder's root is served at (default: the root of the monitor's site)")
    .option('--dry-run', 'with --apply: print a unified diff and change nothing')
    .option('--patch <file>', 'with --apply: write the unified diff to this file and change nothing')
    .option('--json', 'print JSON')
    .action(async (id: string, flags: { run?: string; apply?: string; baseUrl?: string; dryRun?: boolean; patch?: string; json?: boolean }) => {
      if (!flags.apply && (flags.baseUrl || flags.dryRun || flags.patch)) throw new Error('--base-url, --dry-run and --patch go with --apply <folder>');
      const { client } = clientFrom(program);
      const runId = flags.run ?? (await client.monitors.runs(id)).find((candidate) => candidate.status === 'completed')?.id;
      if (!runId) throw new Error('This monitor has no completed run yet');
      const list = await client.monitors.fixes(id, runId);
      if (!flags.apply) {
        write(flags.json ? JSON.stringify(list, null, 2) : fixLines(list).join('\n'));
        return;
      }
      if (!fs.existsSync(flags.apply) || !fs.statSync(flags.apply).isDirectory()) throw new Error(`${flags.apply} is not a folder`);
      const baseUrl = flags.baseUrl ?? new URL('/', (await client.monitors.get(id)).url).href;
      const dryRun = flags.dryRun === true || flags.patch !== undefined;
      const { applyFixes, applySummary } = await import('./monitor-fixes/apply-fixes');
      const report = applyFixes(list.pages, { folder: flags.apply, baseUrl, dryRun });
      if (flags.patch) fs.writeFileSync(flags.patch, report.patch);
      else if (flags.dryRun && !flags.json) write(report.patch);
      write(flags.json ? JSON.stringify(report, null, 2) : applySummary(report, dryRun));
      if (report.unplaced.length > 0) process.exitCode = 1;
    });
}
