import fs from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { clientFrom, positiveInt, write } from './command-kit';
import { imageLines, monitorLines, runLines } from './monitor-output';

/** A share from 0 to 1 (a coverage threshold). */
function share(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1) throw new InvalidArgumentError('must be a share from 0 to 1, such as 0.95');
  return parsed;
}

/** altwise monitor create|run|status|report (docs/monitors.md). */
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
}
