// `npm pack` of @altwise/sdk and @altwise/cli, installed in an empty folder outside the repository
// (no workspace, no tsx, no TypeScript source), against a real server process: what a new user gets.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '@altwise/server/test-support/server-process';
import { call, freePort, startServerProcess } from '@altwise/server/test-support/server-process';

const REPO = path.resolve(import.meta.dirname, '../../..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
const exec = promisify(execFile);
const readManifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(REPO, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A step that hangs is killed and named (mustRun), before the hook's own bound says only "timed out". */
const STEP_TIMEOUT_MS = 480_000;

async function run(file: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await exec(file, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024, timeout: STEP_TIMEOUT_MS });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; killed?: boolean; stdout?: string; stderr?: string };
    const stderr = `${failed.stderr ?? ''}${failed.killed ? `\n(killed after ${STEP_TIMEOUT_MS / 1000} s)` : ''}`;
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr };
  }
}

async function mustRun(file: string, args: string[], cwd: string): Promise<string> {
  const result = await run(file, args, cwd);
  if (result.code !== 0) throw new Error(`${file} ${args.join(' ')} failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Where Node would find `name` from `fromDir`: the nearest node_modules up the tree. */
function packageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'node_modules', name, 'package.json'))) return path.join(dir, 'node_modules', name);
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed above ${fromDir}`);
  }
}

/** The folders of every package `dependencies` needs, transitively, as the repository installed them. */
function dependencyClosure(dependencies: Record<string, string>, fromDir: string, found = new Set<string>()): Set<string> {
  for (const name of Object.keys(dependencies)) {
    const dir = packageDir(name, fromDir);
    if (found.has(dir)) continue;
    found.add(dir);
    dependencyClosure(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {}, dir, found);
  }
  return found;
}

describe('the packed SDK and CLI, installed outside the repository', () => {
  let base: string;
  let app: string;
  let server: ServerProcess;
  let apiKey: string;
  let tarballs: { sdk: string; cli: string };

  beforeAll(async () => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-h13-packed-')));
    expect(path.relative(REPO, base).startsWith('..')).toBe(true);
    // One npm process per step (each costs ~1 s of CPU to start; a busy machine multiplies it).
    // npm pack runs each package's prepack: the build.
    const pack = async (specs: string[], destination: string, cwd: string) => {
      const out = await mustRun('npm', ['pack', ...specs, '--pack-destination', destination, '--json'], cwd);
      return (JSON.parse(out) as Array<{ filename: string }>).map((packed) => path.join(destination, packed.filename));
    };
    const packed = await pack(['-w', '@altwise/sdk', '-w', '@altwise/cli'], base, REPO);
    const named = (prefix: string) => packed.find((file) => path.basename(file).startsWith(prefix))!;
    tarballs = { sdk: named('altwise-sdk-'), cli: named('altwise-cli-') };
    // The registry's part, played offline: the third-party packages the two declare (and theirs),
    // packed from the repository's node_modules. A dependency the packages do not declare is not here.
    const registry = path.join(base, 'registry');
    fs.mkdirSync(registry);
    const declared = { ...readManifest('packages/sdk').dependencies, ...readManifest('packages/cli').dependencies };
    const thirdParty = await pack([...dependencyClosure(declared, path.join(REPO, 'packages/cli')), '--ignore-scripts'], registry, base);
    app = path.join(base, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'a-new-user', private: true, type: 'module' }));
    await mustRun('npm', ['install', '--offline', '--no-audit', '--no-fund', ...thirdParty, tarballs.sdk, tarballs.cli], app);

    server = await startServerProcess({});
    const registered = await call(server.url, 'POST', '/api/auth/register', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email: `packed-${Date.now()}@example.com`, password: 'Correct-Horse-9' },
    });
    expect(registered.status).toBe(201);
    apiKey = (await call(server.url, 'POST', '/api/v1/api-keys', { token: registered.body.token, body: {} })).body.apiKey;
    // 35 s alone; the bound only guards against a hang (CI runs it beside the API suites on two cores).
  }, 900_000);

  afterAll(async () => {
    server?.kill('SIGTERM');
    await server?.exited;
    if (base) fs.rmSync(base, { recursive: true, force: true });
  });

  const installed = (name: string) => JSON.parse(fs.readFileSync(path.join(app, 'node_modules', name, 'package.json'), 'utf8'));

  it('installs built JavaScript only, and the CLI needs no unpublished workspace package', () => {
    for (const name of ['@altwise/sdk', '@altwise/cli']) {
      expect(fs.existsSync(path.join(app, 'node_modules', name, 'src')), name).toBe(false);
      expect(fs.existsSync(path.join(app, 'node_modules', name, 'README.md')), name).toBe(true);
      expect(fs.readFileSync(path.join(app, 'node_modules', name, 'LICENSE'), 'utf8'), name).toMatch(/^MIT License/);
      expect(installed(name).license, name).toBe('MIT');
    }
    const cli = installed('@altwise/cli');
    expect(Object.keys(cli.dependencies).filter((name) => name.startsWith('@altwise/'))).toEqual([]);
    expect(Object.keys(cli.dependencies)).not.toContain('tsx');
    expect(Object.keys(installed('@altwise/sdk').dependencies)).toEqual(['openapi-fetch']);
    // Nothing else in the folder could have supplied the workspace's code.
    expect(fs.existsSync(path.join(app, 'node_modules/@altwise/shared'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules/tsx'))).toBe(false);
  });

  it('runs `altwise` against the server: check, describe, and a named connection error', async () => {
    const altwise = path.join(app, 'node_modules/.bin/altwise');
    const env = { ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url };
    const bad = await run(altwise, ['check', 'IMG_2041.jpg'], app, env);
    expect(bad.code, bad.stderr).toBe(1);
    expect(bad.stdout).toContain('Fails WCAG');
    expect(bad.stderr).toContain(`altwise: using ${server.url} (API key from ALTWISE_API_KEY)`);

    fs.copyFileSync(path.join(REPO, 'examples/site/images/lighthouse.png'), path.join(app, 'lighthouse.png'));
    const described = await run(altwise, ['describe', 'lighthouse.png', 'missing.png', '--json'], app, env);
    expect(described.code, described.stderr).toBe(1);
    const [result, failure] = JSON.parse(described.stdout);
    expect(result.altText.length).toBeGreaterThan(0);
    expect(failure).toMatchObject({ input: 'missing.png', error: { code: 'ENOENT', message: 'missing.png: no such file' } });

    // The bundle finds its own package.json for --version, installed as it is in the repository.
    const version = await run(altwise, ['--version'], app);
    expect(version.code).toBe(0);
    expect(version.stdout).toBe(`${installed('@altwise/cli').version}\n`);

    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await run(altwise, ['check', 'A red fishing boat'], app, { ...env, ALTWISE_URL: closed });
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain(`altwise: Could not reach the Altwise API at ${closed} (connect ECONNREFUSED`);

    // lint runs from the bundle with no server, and SARIF names the installed CLI's version.
    fs.writeFileSync(path.join(app, 'page.html'), '<img src="lighthouse.png" alt="IMG_2041.jpg">');
    const linted = await run(altwise, ['lint', 'page.html', '--format', 'sarif'], app);
    expect(linted.code, linted.stderr).toBe(1);
    const sarif = JSON.parse(linted.stdout);
    expect(sarif.runs[0].tool.driver.version).toBe(JSON.parse(fs.readFileSync(path.join(REPO, 'packages/cli/package.json'), 'utf8')).version);
    expect(sarif.runs[0].results.length).toBeGreaterThan(0);

    const help = await run(altwise, ['--help'], app);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('then http://localhost:8080)');
  });

  it('imports and requires @altwise/sdk, whose declarations type a consumer on nodenext', async () => {
    // Its own copy: the CLI test that also copies it may run after this one (a shuffled run).
    fs.copyFileSync(path.join(REPO, 'examples/site/images/lighthouse.png'), path.join(app, 'lighthouse.png'));
    fs.writeFileSync(
      path.join(app, 'use-sdk.ts'),
      [
        "import { Altwise, AltwiseError, DEFAULT_BASE_URL } from '@altwise/sdk';",
        "import type { AltTextResult, CheckResult } from '@altwise/sdk';",
        '// The folder has no @types/node: only what the SDK itself declares is checked.',
        'declare const process: { env: Record<string, string | undefined> };',
        'const altwise = new Altwise({ apiKey: process.env.ALTWISE_API_KEY, baseUrl: process.env.ALTWISE_URL });',
        "const verdict: CheckResult = await altwise.check('A red fishing boat moored at the harbour wall');",
        "const result: AltTextResult = await altwise.describe({ file: 'lighthouse.png' });",
        'const unreachable = await new Altwise({ baseUrl: "http://127.0.0.1:9" }).check("x").catch((error: unknown) => error);',
        'console.log(JSON.stringify({ compliant: verdict.wcagCompliant, alt: result.altText.length > 0, defaultUrl: DEFAULT_BASE_URL, typed: unreachable instanceof AltwiseError && unreachable.code }));',
        '// @ts-expect-error: the declarations are real types, not any: a number is not alt text.',
        'const wrong: number = result.altText;',
        'void wrong;',
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: [], outDir: 'out', skipLibCheck: false, lib: ['ES2023', 'DOM'] }, include: ['use-sdk.ts'] }),
    );
    const typed = await run(process.execPath, [TSC, '-p', '.'], app);
    expect(typed.code, typed.stdout + typed.stderr).toBe(0);

    const esm = await run(process.execPath, ['out/use-sdk.js'], app, { ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url });
    expect(esm.code, esm.stderr).toBe(0);
    expect(JSON.parse(esm.stdout)).toEqual({ compliant: true, alt: true, defaultUrl: 'http://localhost:8080', typed: 'network_error' });

    // CommonJS callers: Node 20.19+ (the packages' engines) require() an ES module.
    const cjs = await run(process.execPath, ['-e', "const { Altwise } = require('@altwise/sdk'); console.log(typeof Altwise)"], app);
    expect(cjs.stdout.trim(), cjs.stderr).toBe('function');
  });
});
