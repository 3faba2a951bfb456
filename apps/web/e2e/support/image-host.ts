import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface ImageHost {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** "127.0.0.1:<port>", the value for the server's IMAGE_FETCH_ALLOW. */
  hostPort: string;
  url(name?: string): string;
  stop(): Promise<void>;
}

/** A 320×200 PNG: a sky-blue gradient over a green field, with a sun. */
export async function samplePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#38bdf8"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>
    <rect width="320" height="200" fill="url(#s)"/><circle cx="250" cy="50" r="24" fill="#facc15"/>
    <rect y="140" width="320" height="60" fill="#16a34a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A tiny loopback HTTP server serving one PNG at any path ending in .png. */
export async function startImageHost(): Promise<ImageHost> {
  const png = await samplePng();
  const server = http.createServer((request, response) => {
    if (request.url?.split('?')[0]?.endsWith('.png')) {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length });
      response.end(request.method === 'HEAD' ? undefined : png);
      return;
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    url: (name = 'sunny-meadow.png') => `${origin}/${name}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
