// The shared loopback image host (@altwise/test-support/image-host) in a process of its own, so that
// fetching the image costs the server what a real, external image host would (not its event loop).
// Usage: node --import tsx static-image-host.ts <file> <content-type>; serves the file at /<name>
// and prints the port on stdout.
import fs from 'node:fs';
import path from 'node:path';
import { startImageHost } from '@altwise/test-support/image-host';

const [file, contentType] = process.argv.slice(2);
if (!file || !contentType) throw new Error('usage: static-image-host.ts <file> <content-type>');
const host = await startImageHost({ [`/${path.basename(file)}`]: { body: fs.readFileSync(file), contentType } }, { keepAliveTimeoutMs: 30_000 });
console.log(host.port);
process.on('SIGTERM', () => void host.close().then(() => process.exit(0)));
