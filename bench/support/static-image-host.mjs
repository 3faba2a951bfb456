// A stand-alone image host for benchmarks: serves one file at /<name> from its own process, so
// fetching the image costs the server what a real, external image host would (not its event loop).
// Usage: node static-image-host.mjs <file> <content-type>; prints the port on stdout.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [file, contentType] = process.argv.slice(2);
const body = fs.readFileSync(file);
const name = `/${path.basename(file)}`;
const server = http.createServer((request, response) => {
  if (request.url !== name) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length }).end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
