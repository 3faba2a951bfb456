// Entry of a page-parsing worker thread (page-parse-pool.ts). The server is TypeScript run by tsx
// (dev, tests and `npm start` alike); a worker inherits no loader of its own, so it registers tsx
// itself before loading the TypeScript that does the work.
import { register } from 'tsx/esm/api';

register();
await import('./page-parse.thread.ts');
