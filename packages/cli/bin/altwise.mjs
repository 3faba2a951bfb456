#!/usr/bin/env node
// The altwise command. The CLI is TypeScript source like the rest of the repository: tsx loads it.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/main.ts');
process.exitCode = await run(process.argv);
