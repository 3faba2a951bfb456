#!/usr/bin/env node
// The altwise command. Installed from its package, it runs the built bundle in dist/. In the
// repository, where the TypeScript source sits beside it, tsx runs that source, and the
// "altwise-source" export condition makes the workspace packages (@altwise/sdk) resolve to theirs.
import fs from 'node:fs';
import { register } from 'node:module';

const source = new URL('../src/main.ts', import.meta.url);
let run;
if (fs.existsSync(source)) {
  const addCondition = 'export const resolve = (specifier, context, next) => next(specifier, { ...context, conditions: [...context.conditions, "altwise-source"] });';
  register(`data:text/javascript,${encodeURIComponent(addCondition)}`);
  const { register: registerTsx } = await import('tsx/esm/api');
  registerTsx();
  ({ run } = await import(source.href));
} else {
  ({ run } = await import('../dist/main.js'));
}
process.exitCode = await run(process.argv);
