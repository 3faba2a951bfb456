// Entry of a page-parsing worker thread (page-parse-pool.ts). The server is TypeScript run by tsx
// (dev, `npm start` and the in-process tests alike); a worker inherits no loader of its own, so it
// registers tsx itself before loading the TypeScript that does the work. The test suites' server
// processes run a bundle instead, where page-parse.thread.ts is built to this name beside the pool
// (apps/server/test/support/server-bundle.ts).
import { register } from 'tsx/esm/api';

register();
await import('./page-parse.thread.ts');
