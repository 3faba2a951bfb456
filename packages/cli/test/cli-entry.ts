// The entry of the suites' bundle of the CLI (cli-bundle.ts): what bin/altwise.mjs does once it has
// found the CLI's code.
import { run } from '../src/main';

process.exitCode = await run(process.argv);
