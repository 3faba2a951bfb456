// `altwise lint` over a fixture repository with every file kind: findings, rules, configuration,
// ignore comments and the output formats, in process (lintCommand) and through the real binary.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import { afterEach, describe, expect, it } from 'vitest';
import { lintCommand } from '../src/lint/lint-command';
import type { LintFlags } from '../src/lint/lint-command';
import type { LintReport } from '../src/lint/lint-report';
import { LINT_RULES } from '../src/lint/lint-rules';
import { FIXTURE_FILES, expectedFindings, writeRepository } from './lint-fixture';
import { ALTWISE_BIN } from './run-altwise';

const ENGINE_QUALITY = path.resolve(import.meta.dirname, '../../engine/src/quality');

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function repository(files: Record<string, string>): string {
  const dir = writeRepository(files);
  made.push(dir);
  return dir;
}

/** lintCommand in this process, as `altwise lint` runs it; stdout and stderr collected. */
async function lintIn(cwd: string, globs: string[], flags: Partial<LintFlags> = {}, config?: string) {
  let out = '';
  let err = '';
  const code = await lintCommand(globs, { format: 'table', ...flags }, config, { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`) }, cwd);
  return { code, out, err };
}
const reportIn = async (cwd: string, globs: string[], flags: Partial<LintFlags> = {}, config?: string) => {
  const run = await lintIn(cwd, globs, { ...flags, format: 'json' }, config);
  return { code: run.code, report: JSON.parse(run.out) as LintReport };
};

/** The real binary, in `cwd`, with no API key in its environment. */
function altwise(cwd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    delete env.ALTWISE_API_KEY;
    delete env.ALTWISE_URL;
    const child = spawn(process.execPath, [ALTWISE_BIN, ...args], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const ALL = ['**/*'];
const brief = (report: LintReport) => report.findings.map(({ file, line, column, ruleId }) => ({ file, line, column, ruleId }));

describe('altwise lint: findings', () => {
  it('finds exactly the marked problems in every file kind, at their line and column', async () => {
    const dir = repository(FIXTURE_FILES);
    const { code, report } = await reportIn(dir, ALL);
    expect(brief(report)).toEqual(expectedFindings(FIXTURE_FILES));
    expect(code).toBe(1);
    const expected = expectedFindings(FIXTURE_FILES);
    const severityOf = (id: string) => LINT_RULES.find((entry) => entry.id === id)!.severity;
    // Every <img, <input type="image" and ![ of the eight files lint reads, less the one in an HTML comment and the one in a code block.
    const written = Object.entries(FIXTURE_FILES).filter(([file]) => !file.endsWith('.txt')).reduce((sum, [, content]) => sum + (content.match(/<img\b|<input type="image"|!\[/g) ?? []).length, 0);
    expect(report.summary).toEqual({
      files: 8,
      images: written - 2,
      errors: expected.filter((finding) => severityOf(finding.ruleId) === 'error').length,
      warnings: expected.filter((finding) => severityOf(finding.ruleId) === 'warning').length,
      // The Vue and MDX altwise-ignore comments and the JSX next-line one each silence one image.
      suppressed: 3,
    });
  });

  it('covers every rule of the catalogue, each at its usual severity', async () => {
    const dir = repository(FIXTURE_FILES);
    const { report } = await reportIn(dir, ALL);
    expect(new Set(report.findings.map((finding) => finding.ruleId))).toEqual(new Set(LINT_RULES.map((entry) => entry.id)));
    for (const finding of report.findings) expect(finding.severity, finding.ruleId).toBe(LINT_RULES.find((entry) => entry.id === finding.ruleId)!.severity);
  });

  it('judges each alt text in its element’s language: the nearest lang, the front matter, then --language or the config', async () => {
    const dir = repository({
      'a.html': '<p lang="de"><img src="a.png" alt="Bild"></p><p lang="en"><img src="b.png" alt="Bild"></p><img src="c.png" alt="Foto">',
      'b.md': '---\nlang: it\n---\n![Foto](a.png)\n',
    });
    const { report } = await reportIn(dir, ALL, { language: 'en' });
    expect(report.findings.map(({ file, src, language, ruleId }) => ({ file, src, language, ruleId }))).toEqual([
      { file: 'a.html', src: 'a.png', language: 'de', ruleId: 'placeholder' },
      { file: 'b.md', src: 'a.png', language: 'it', ruleId: 'placeholder' },
    ]);
    // Without --language, "Foto" outside any lang is judged against every language's lists.
    expect(brief((await reportIn(dir, ['a.html'])).report)).toHaveLength(2);
    fs.writeFileSync(path.join(dir, 'altwise.config.json'), JSON.stringify({ lint: { language: 'en' } }));
    expect(brief((await reportIn(dir, ['a.html'])).report)).toHaveLength(1);
  });

  it('reports what a link or button image must name, with the purpose, in the JSON', async () => {
    const dir = repository(FIXTURE_FILES);
    const { report } = await reportIn(dir, ['docs/post.md']);
    const finding = report.findings.find((found) => found.ruleId === 'purpose-not-named')!;
    expect(finding).toMatchObject({ alt: 'Freccia blu', src: 'purpose-not-named.png', language: 'it', purpose: { kind: 'link', href: 'https://example.com/contatti' } });
    // The region is the image inside the link's brackets: `![Freccia blu](purpose-not-named.png)`.
    expect([finding.endLine, finding.endColumn - finding.column]).toEqual([finding.line, '![Freccia blu](purpose-not-named.png)'.length]);
  });

  it('catalogues every rule the engine’s checker can report', () => {
    // The checker's ids as its source writes them; lint never passes keywords or runs offline
    // descriptions, and reports an absent alt as missing-alt (alt="" is decorative markup).
    const notReported = new Set(['empty', 'keyword-not-confirmed', 'no-vision-model']);
    const ids = new Set<string>();
    for (const file of fs.readdirSync(ENGINE_QUALITY).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(ENGINE_QUALITY, file), 'utf8');
      for (const match of source.matchAll(/(?:\bid: |issue\(\s*)'([a-z][a-z-]+)'/g)) ids.add(match[1]!);
    }
    expect(ids.size).toBeGreaterThan(15);
    const catalogued = new Set(LINT_RULES.map((entry) => entry.id));
    expect([...ids].filter((id) => !catalogued.has(id) && !notReported.has(id))).toEqual([]);
    for (const entry of LINT_RULES) {
      expect(entry.criteria.length + entry.techniques.length, entry.id).toBeGreaterThan(0);
      expect(entry.help.length, entry.id).toBeGreaterThan(20);
    }
  });
});

describe('altwise lint: configuration and ignore comments', () => {
  it('turns rules off, down to warnings or up to errors, and ignores globs, from altwise.config.json', async () => {
    const dir = repository({
      ...FIXTURE_FILES,
      'altwise.config.json': JSON.stringify({ apiKey: 'aw_live_unused', lint: { ignore: ['src/**'], rules: { 'missing-alt': 'off', 'camera-file-name': 'warn', 'too-long': 'error' } } }),
    });
    const { report } = await reportIn(dir, ALL);
    const expected = expectedFindings(FIXTURE_FILES).filter((finding) => !finding.file.startsWith('src/') && finding.ruleId !== 'missing-alt');
    expect(brief(report)).toEqual(expected);
    expect(report.findings.find((finding) => finding.ruleId === 'camera-file-name')!.severity).toBe('warning');
    expect(report.findings.find((finding) => finding.ruleId === 'too-long')!.severity).toBe('error');
  });

  it('refuses a config with an unknown rule or setting, naming it (exit 2 from the binary)', async () => {
    const dir = repository({ 'a.md': '![x](a.png)\n', 'altwise.config.json': JSON.stringify({ lint: { rules: { 'placeholdr': 'off' } } }) });
    await expect(lintIn(dir, ALL)).rejects.toThrow(/"lint\.rules\.placeholdr".*unknown rule "placeholdr"/);
    const run = await altwise(dir, ['lint', '**/*.md']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown rule "placeholdr"/);
    fs.writeFileSync(path.join(dir, 'other.json'), JSON.stringify({ lint: { rules: { placeholder: 'loud' } } }));
    await expect(lintIn(dir, ALL, {}, 'other.json')).rejects.toThrow(/lint\.rules\.placeholder/);
  });

  it('honours every comment form, and a rule list limits the comment to those rules', async () => {
    const dir = repository({
      'a.html': '<!-- altwise-ignore -->\n<img src="a.png" alt="image">\n<img src="b.png" alt="image">\n',
      'b.md': '<!-- altwise-ignore file-name -->\n![IMG_2041.jpg](a.png)\n<!-- altwise-ignore camera-file-name -->\n![IMG_2041.jpg](b.png)\n',
      'c.tsx': 'const a = (\n  // altwise-ignore-next-line\n  <p><img src="a.png" alt="image" /><img src="b.png" alt="image" /></p>\n);\nconst b = <img src="c.png" alt="image" />;\n',
      'd.astro': '---\n---\n<!-- altwise-ignore -->\n<img src="a.png" alt="image">\n<a href="https://example.com//altwise-ignore-next-line"></a>\n<img src="b.png" alt="image">\n',
      'e.mdx': '{/* altwise-ignore */}\n\n![image](a.png)\n\n![image](b.png)\n',
    });
    const { report } = await reportIn(dir, ALL);
    expect(report.findings.map(({ file, src, ruleId }) => `${file} ${src} ${ruleId}`)).toEqual([
      'a.html b.png placeholder',
      'b.md a.png camera-file-name',
      'c.tsx c.png placeholder',
      'd.astro b.png placeholder',
      'e.mdx b.png placeholder',
    ]);
    expect(report.summary.suppressed).toBe(6);
  });
});

describe('altwise lint: output formats and exit codes (the real binary)', () => {
  it('writes SARIF 2.1.0 that the published schema accepts, with one rule per lint rule and exact regions', async () => {
    const dir = repository(FIXTURE_FILES);
    const [sarifRun, jsonRun] = await Promise.all([altwise(dir, ['lint', '**/*', '--format', 'sarif']), altwise(dir, ['lint', '**/*', '--format', 'json'])]);
    expect(sarifRun.code).toBe(1);
    const log = JSON.parse(sarifRun.stdout);
    const schema = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'lint-fixtures/sarif-schema-2.1.0.json'), 'utf8'));
    const validate = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);

    const [run] = log.runs;
    expect(log.version).toBe('2.1.0');
    expect(run.tool.driver.name).toBe('altwise');
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(LINT_RULES.map((entry) => entry.id));
    for (const rule of run.tool.driver.rules) {
      expect(rule.helpUri).toMatch(/^https:\/\/www\.w3\.org\/WAI\/WCAG22\//);
      expect(rule.properties.tags).toContain('accessibility');
      expect(rule.help.markdown).toMatch(/WCAG \d\.\d\.\d: https:/);
    }
    expect(run.tool.driver.rules.find((rule: { id: string }) => rule.id === 'purpose-not-named').properties.wcag).toEqual({ successCriteria: ['1.1.1', '2.4.4', '4.1.2'], techniques: ['F89', 'G94', 'H30', 'H36'] });

    const report = JSON.parse(jsonRun.stdout) as LintReport;
    expect(run.results).toHaveLength(report.findings.length);
    run.results.forEach((result: any, index: number) => {
      const finding = report.findings[index]!;
      expect(run.tool.driver.rules[result.ruleIndex].id).toBe(finding.ruleId);
      expect(result).toMatchObject({ ruleId: finding.ruleId, level: finding.severity, message: { text: finding.message } });
      expect(result.locations[0].physicalLocation).toEqual({
        artifactLocation: { uri: finding.file, uriBaseId: '%SRCROOT%' },
        region: { startLine: finding.line, startColumn: finding.column, endLine: finding.endLine, endColumn: finding.endColumn },
      });
    });
    // Fingerprints tell the images apart (two purpose-not-named.png in different files included).
    expect(new Set(run.results.map((result: any) => result.partialFingerprints['altwiseImage/v1'])).size).toBe(run.results.length);
  });

  it('writes GitHub workflow annotations, escaped, and exits 1 on an error', async () => {
    const dir = repository({ 'docs/a, b.md': '# A\n\n![IMG_2041.jpg](a.png)\n![A fox 🦊 in the snow](b.png)\n' });
    const run = await altwise(dir, ['lint', 'docs/*.md', '--format', 'github']);
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^::error file=docs/a%2C b\\.md,line=3,col=1,endLine=3,endColumn=${'![IMG_2041.jpg](a.png)'.length + 1},title=altwise camera-file-name::Alt text "IMG_2041\\.jpg" is the file name`));
    expect(lines[1]).toMatch(/^::warning file=docs\/a%2C b\.md,line=4,col=1,endLine=4,endColumn=\d+,title=altwise emoji::Alt text contains emoji/);
  });

  it('prints a readable table by default, exits 0 on warnings alone, 1 past --max-warnings, 2 on a bad flag', async () => {
    const dir = repository({ 'a.md': '# A\n\n![A fox 🦊 in the snow](b.png)\n![A lighthouse at dusk](c.png)\n' });
    const table = await altwise(dir, ['lint', '*.md']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^a\.md\n {2}3:1 {2}warning {2}Alt text contains emoji, which screen readers read out by name {2}emoji\n\n1 problem \(0 errors, 1 warning\): 2 images in 1 file\n$/);
    const strict = await altwise(dir, ['lint', '*.md', '--max-warnings', '0']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/1 warnings, more than --max-warnings 0/);
    expect((await altwise(dir, ['lint', '*.md', '--max-warnings', '1'])).code).toBe(0);
    expect((await altwise(dir, ['lint', '*.md', '--format', 'xml'])).code).toBe(2);
    fs.writeFileSync(path.join(dir, 'a.md'), '![A lighthouse at dusk](c.png)\n');
    const clean = await altwise(dir, ['lint', '*.md']);
    expect(clean).toMatchObject({ code: 0, stdout: 'No problems: 1 image in 1 file\n' });
  });
});

describe('altwise lint --changed <base>', () => {
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'h12', GIT_AUTHOR_EMAIL: 'h12@example.com', GIT_COMMITTER_NAME: 'h12', GIT_COMMITTER_EMAIL: 'h12@example.com' } });

  it('reports only images on lines git diff added or changed, and new untracked files', async () => {
    const dir = repository({
      'docs/old.md': '# Old\n\n![image](a.png)\n![IMG_1.jpg](b.png)\n\nText.\n',
      'docs/same.md': '![image](a.png)\n',
      'src/Page.tsx': 'export const Page = () => (\n  <main>\n    <img src="/a.png" alt="image" />\n    <img\n      src="/b.png"\n      alt="A lighthouse at dusk"\n    />\n  </main>\n);\n',
    });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    // A new bad image, a changed alt on the second line of a multi-line tag, and a file not yet added.
    fs.writeFileSync(path.join(dir, 'docs/old.md'), '# Old\n\n![image](a.png)\n![IMG_1.jpg](b.png)\n\n![photo](c.png)\n\nText.\n');
    fs.writeFileSync(path.join(dir, 'src/Page.tsx'), fs.readFileSync(path.join(dir, 'src/Page.tsx'), 'utf8').replace('A lighthouse at dusk', 'DSC_1234'));
    fs.writeFileSync(path.join(dir, 'docs/new.md'), '![Untitled](n.png)\n');

    const { code, report } = await reportIn(dir, ALL, { changed: 'main' });
    expect(code).toBe(1);
    expect(report.findings.map(({ file, line, ruleId }) => `${file}:${line} ${ruleId}`)).toEqual(['docs/new.md:1 placeholder', 'docs/old.md:6 placeholder', 'src/Page.tsx:4 camera-file-name']);
    // Everything, without --changed.
    expect((await reportIn(dir, ALL)).report.findings).toHaveLength(7);

    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'change');
    expect((await reportIn(dir, ALL, { changed: 'HEAD' })).report.findings).toEqual([]);
    expect(brief((await reportIn(dir, ALL, { changed: 'HEAD~1' })).report)).toHaveLength(3);
  });

  it('refuses a base git does not know, or one that would be read as an option', async () => {
    const dir = repository({ 'a.md': '![image](a.png)\n' });
    git(dir, 'init', '-q', '-b', 'main');
    await expect(lintIn(dir, ALL, { changed: 'no-such-branch' })).rejects.toThrow(/"no-such-branch" is not a commit/);
    await expect(lintIn(dir, ALL, { changed: '--output=/tmp/h12-owned' })).rejects.toThrow(/needs a commit, branch or tag/);
    expect(fs.existsSync('/tmp/h12-owned')).toBe(false);
  });
});
