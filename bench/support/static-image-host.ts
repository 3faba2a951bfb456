// The shared loopback image host (@altwise/test-support/image-host) in a process of its own, so that
// fetching an image costs the server what a real, external image host would (not its event loop).
// Usage: node --import tsx static-image-host.ts <folder> <content-type>; serves each file of the
// folder at /<name> and prints the port on stdout.
import fs from 'node:fs';
import path from 'node:path';
import type { HostedRoute } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';

const [folder, contentType] = process.argv.slice(2);
if (!folder || !contentType) throw new Error('usage: static-image-host.ts <folder> <content-type>');
const routes: Record<string, HostedRoute> = {};
for (const name of fs.readdirSync(folder)) routes[`/${name}`] = { body: fs.readFileSync(path.join(folder, name)), contentType };
const host = await startImageHost(routes, { keepAliveTimeoutMs: 30_000 });
console.log(host.port);
process.on('SIGTERM', () => void host.close().then(() => process.exit(0)));
