// .ci/steps.sh: a failed step's failures are repeated after the table of step times, since a CI log
// is often read from its tail only; a step's status is its command's, not the tee's that keeps its log.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `script` in bash with .ci/steps.sh sourced, as .ci/run does. */
function runSteps(script: string) {
  const result = spawnSync('bash', ['-c', `set -euo pipefail; source .ci/steps.sh\n${script}`], { cwd: root, encoding: 'utf8' });
  const tail = result.stdout.slice(result.stdout.indexOf('::: step times'));
  return { status: result.status, stdout: result.stdout, tail };
}

describe('.ci/steps.sh', () => {
  it("ends with a failed vitest step's FAIL block and its × line, without colour codes, and keeps the command's exit status", () => {
    const { stdout, tail } = runSteps(`
      tests() { printf ' ✓ a passing file\\n     \\e[31m×\\e[39m keeps serving 2096ms\\n\\n \\e[41mFAIL\\e[49m  server  a.test.ts > keeps serving\\nAssertionError: expected 503 to be 200\\n'; return 3; }
      step "npm test" tests || echo "status $?"`);
    expect(stdout).toContain('status 3');
    expect(tail).toMatch(/npm test +\d+s {2}FAILED \(exit 3\)/);
    const failures = tail.slice(tail.indexOf('::: what the failed steps said'));
    expect(failures).toContain('----- npm test -----');
    expect(failures).toContain('     × keeps serving 2096ms');
    expect(failures).toContain(' FAIL  server  a.test.ts > keeps serving\nAssertionError: expected 503 to be 200');
    expect(failures).not.toContain('a passing file');
    expect(failures).not.toContain('\u001b[');
  });

  it("ends with a failed step's last lines when it names no test or compiler failure (a check script's message)", () => {
    const { tail } = runSteps(`
      check() { echo "SDK types match"; echo "dist/index.js is not built from the current source"; return 1; }
      steps_parallel "checks" "step 'action:check' check" || true`);
    const failures = tail.slice(tail.indexOf('::: what the failed steps said'));
    expect(failures).toContain('----- action:check -----\nSDK types match\ndist/index.js is not built from the current source');
  });

  it('says nothing more when every step passed', () => {
    const { status, tail } = runSteps('step "lint" true');
    expect(status).toBe(0);
    expect(tail).toMatch(/lint +\d+s {2}ok/);
    expect(tail).not.toContain('what the failed steps said');
  });
});
