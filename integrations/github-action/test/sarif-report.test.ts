// The SARIF the action uploads, as GitHub code scanning reads it: valid SARIF 2.1.0, each result with
// GitHub's primaryLocationLineHash for its line (beside Altwise's own fingerprint), and a rule turned
// off disabled with a level GitHub accepts (note, warning, error), its findings left out.
import fs from 'node:fs';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { lineHashes } from '../src/line-hash';
import { FIVE_PAGE, IMAGES, run, setup } from './action-harness';

const SCHEMA = path.resolve(
  import.meta.dirname,
  '../../../packages/cli/test/lint-fixtures/sarif-schema-2.1.0.json',
);

describe('the SARIF the action uploads', () => {
  it("carries GitHub's primaryLocationLineHash per result and no level GitHub rejects", async () => {
    const state = await setup(
      {
        'site/index.html': FIVE_PAGE,
        ...IMAGES,
        'altwise.config.json': JSON.stringify({ lint: { rules: { 'camera-file-name': 'off' } } }),
      },
      undefined,
      { report: 'sarif' },
    );
    await run(state.env);
    expect(state.github.sarifs).toHaveLength(1);
    const log = state.github.sarifs[0]!.sarif as Log;
    const schema = JSON.parse(fs.readFileSync(SCHEMA, 'utf8')) as object;
    const validate = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);

    const [sarifRun] = log.runs;
    const rules = sarifRun!.tool.driver.rules!;
    for (const rule of rules)
      expect(['note', 'warning', 'error']).toContain(rule.defaultConfiguration?.level);
    expect(rules.find((rule) => rule.id === 'camera-file-name')!.defaultConfiguration).toMatchObject({
      enabled: false,
    });
    const results = sarifRun!.results!;
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((result) => result.ruleId)).not.toContain('camera-file-name');

    const hashes = lineHashes(FIVE_PAGE);
    for (const result of results) {
      const line = result.locations![0]!.physicalLocation!.region!.startLine!;
      expect(result.partialFingerprints).toEqual({
        'altwiseImage/v1': expect.stringMatching(/^[0-9a-f]{32}$/),
        primaryLocationLineHash: hashes[line - 1],
      });
    }
  });
});
