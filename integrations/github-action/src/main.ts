// The action's entry (dist/index.js is this, bundled): the runner's environment in, outputs and the
// check's verdict out through @actions/core.
import * as core from '@actions/core';
import { runAction } from './run-action';

const key = core.getInput('altwise-api-key');
// Masked before anything could print it.
if (key) core.setSecret(key);

try {
  const result = await runAction(process.env, {
    info: core.info,
    warning: core.warning,
    command: (text) => void process.stdout.write(`${text}\n`),
  });
  for (const [name, value] of Object.entries(result.outputs)) core.setOutput(name, value);
  if (result.failure) core.setFailed(result.failure);
} catch (error) {
  core.setFailed(`altwise: ${error instanceof Error ? error.message : String(error)}`);
}
