// A real WordPress (Debian's core, PHP's built-in server, MariaDB) with the plugin active, for the
// browser suite: made per run, its database dropped after.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../apps/server/test/support/server-process';

const SUPPORT = import.meta.dirname;

/** What wp-cron.php does for the plugin's due events (core's are left alone): each unscheduled, then run. */
const RUN_DUE_EVENTS = `
  define('DOING_CRON', true);
  foreach ((array) _get_cron_array() as $time => $hooks) {
    if ($time > time()) continue;
    foreach ($hooks as $hook => $events) {
      if (strpos($hook, 'altwise_') !== 0) continue;
      foreach ($events as $event) {
        if ($event['schedule']) { wp_reschedule_event($time, $event['schedule'], $hook, $event['args']); }
        wp_unschedule_event($time, $hook, $event['args']);
        do_action_ref_array($hook, $event['args']);
      }
    }
  }`;

export interface WordPressSite {
  url: string;
  port: number;
  dir: string;
  /** Runs PHP inside the site (WordPress loaded, the administrator signed in) and answers what it printed. */
  php(code: string): string;
  /** One WP-Cron run now: the plugin's due events, as wp-cron.php runs them. */
  cron(): Promise<void>;
  /** The end of PHP's built-in server log (its request lines), for a failure's report. */
  output(): string;
  stop(): Promise<void>;
}

export async function startWordPress(env: Record<string, string> = {}): Promise<WordPressSite> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'altwise-wp-e2e-'));
  const db = `altwise_e2e_${process.pid}_${Date.now()}`;
  execFileSync('bash', [path.join(SUPPORT, 'make-site.sh'), dir, db, url], { stdio: 'pipe', env: { ...process.env, ...env } });
  let log = '';
  // Its own process group: the workers PHP forks are stopped with it (a signal to the parent alone leaves them).
  const server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', dir], {
    env: { ...process.env, ...env, PHP_CLI_SERVER_WORKERS: '4' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  server.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/wp-login.php`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`WordPress did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    dir,
    php: (code) =>
      execFileSync('php', [path.join(SUPPORT, 'wp-eval.php'), dir, url, code], { encoding: 'utf8', env: { ...process.env, ...env } }),
    // In a child process, asynchronously: the fake vision model lives in this process and must keep
    // answering while cron asks Altwise. Not through wp-cron.php: WordPress ignores a doing_wp_cron key it
    // did not spawn itself, and spawns at most once a minute, which made runs depend on timing.
    cron: () =>
      new Promise<void>((resolve, reject) => {
        execFile('php', [path.join(SUPPORT, 'wp-eval.php'), dir, url, RUN_DUE_EVENTS], { env: { ...process.env, ...env }, timeout: 120_000 }, (error) =>
          error ? reject(error) : resolve(),
        );
      }),
    output: () => log,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        process.kill(-server.pid!, 'SIGTERM');
        await exited;
      }
      execFileSync('bash', [path.join(SUPPORT, 'drop-site.sh'), dir, db]);
    },
  };
}
