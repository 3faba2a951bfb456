import { startImageHost as startLoopbackImageHost } from '@altwise/test-support/image-host';
import sharp from 'sharp';

/** The browser tests' view of the shared loopback image host (@altwise/test-support/image-host). */
export interface ImageHost {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** "127.0.0.1:<port>", the value for the server's IMAGE_FETCH_ALLOW. */
  hostPort: string;
  url(name?: string): string;
  /**
   * Serves a PNG of its own at /name (bytes no other path has: the sun moved by `variant`) and
   * returns its URL, for tests of identical versus distinct images.
   */
  distinct(name: string, variant: number): Promise<string>;
  /** Serves the sample PNG at /name only after `delayMs` (an image in flight for a while); returns its URL. */
  slow(name: string, delayMs: number): string;
  /** How many requests /name has had. */
  hits(name: string): number;
  stop(): Promise<void>;
}

/** A 320×200 PNG: a sky-blue gradient over a green field, with a sun. */
export async function samplePng(variant = 0): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#38bdf8"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>
    <rect width="320" height="200" fill="url(#s)"/><circle cx="${250 - variant * 7}" cy="50" r="24" fill="#facc15"/>
    <rect y="140" width="320" height="60" fill="#16a34a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The shared image host, serving the sample PNG at any path ending in .png (404 otherwise). */
export async function startImageHost(): Promise<ImageHost> {
  const png = { body: await samplePng(), contentType: 'image/png' };
  const host = await startLoopbackImageHost({}, { fallback: (path) => (path.endsWith('.png') ? png : undefined) });
  return {
    origin: host.url,
    hostPort: host.hostPort,
    url: (name = 'sunny-meadow.png') => `${host.url}/${name}`,
    distinct: async (name, variant) => {
      host.set(`/${name}`, { body: await samplePng(variant), contentType: 'image/png' });
      return `${host.url}/${name}`;
    },
    slow: (name, delayMs) => {
      host.set(`/${name}`, { ...png, delayMs });
      return `${host.url}/${name}`;
    },
    hits: (name) => host.hits(`/${name}`),
    stop: () => host.close(),
  };
}
