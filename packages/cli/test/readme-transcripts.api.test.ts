// The transcripts in this package's README are the command's real output: each ```console block is
// replayed on a fresh copy of examples/site against a real server with the offline describer (as the
// README says it was made), and every line it shows must be a line the command printed, with the
// exit code it shows. A change to fill's or lint's words fails here until the README is retaken.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@altwise/server/test-support/test-server';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import { ALTWISE_BIN } from './run-altwise';

const REPO = path.resolve(import.meta.dirname, '../../..');
const README = path.join(REPO, 'packages/cli/README.md');
/** The server the README's transcripts name: `npm start`'s default. */
const README_URL = 'http://localhost:8080';

interface Step {
  args: string[];
  /** The lines shown after the command, without the elisions (…). */
  lines: string[];
  exitCode?: number;
}

/** `$ npx altwise fill "**\/*.{html,md,jsx}" --dry-run; echo "exit $?"` → its arguments, unquoted. */
function argumentsOf(command: string): string[] {
  const line = command.replace(/;\s*echo "exit \$\?"$/, '').replace(/^npx altwise\s+/, '');
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

/** Each console block of the README: its steps, in order. */
function transcripts(markdown: string): Step[][] {
  const blocks = [...markdown.matchAll(/^```console\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  return blocks.map((block) => {
    const steps: Step[] = [];
    for (const line of block.split('\n')) {
      if (line === '$ cd examples/site' || line === '') continue;
      if (line.startsWith('$ ')) {
        steps.push({ args: argumentsOf(line.slice(2)), lines: [] });
      } else if (/^exit \d+$/.test(line)) {
        steps.at(-1)!.exitCode = Number(line.slice(5));
      } else if (line !== '…' && !line.startsWith('… ')) {
        steps.at(-1)!.lines.push(line.replaceAll(README_URL, '<server>'));
      }
    }
    return steps;
  });
}

function run(cwd: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ALTWISE_BIN, ...args], { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe("the CLI README's transcripts", () => {
  let server: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { ALT_PROVIDER: 'offline' });
    const { token } = await registerUser(server);
    const apiKey = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;
    env = { ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url };
  });
  afterAll(() => server?.close());

  const blocks = transcripts(fs.readFileSync(README, 'utf8'));

  it('has the fill and the lint transcripts', () => {
    const commands = blocks.flat().map((step) => step.args.slice(0, 1).join(''));
    expect(commands).toEqual(expect.arrayContaining(['fill', 'check', 'lint']));
  });

  blocks.forEach((steps, index) => {
    it(`block ${index + 1} (${steps.map((step) => step.args[0]).join(', ')}) is what the commands print`, async () => {
      const site = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-readme-'));
      try {
        fs.cpSync(path.join(REPO, 'examples/site'), site, { recursive: true });
        for (const step of steps) {
          const { code, output } = await run(site, step.args, env);
          const printed = new Set(output.replaceAll(server.url, '<server>').split('\n').map((line) => line.trimEnd()));
          const missing = step.lines.filter((line) => !printed.has(line.trimEnd()));
          expect(missing, `altwise ${step.args.join(' ')} printed:\n${output}`).toEqual([]);
          if (step.exitCode !== undefined) expect(code, output).toBe(step.exitCode);
        }
      } finally {
        fs.rmSync(site, { recursive: true, force: true });
      }
    }, 120_000);
  });
});
