// Inputs the benches share: a photograph-like JPEG and an image host in its own process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { seeded } from '../../packages/engine/test/image-fixtures';
import { startLoopbackProcess } from './loopback-process';

/** Smooth gradients plus grain: compresses like a photograph (about 0.15 bytes/pixel at q85), not like a flat graphic. */
export async function photoJpeg(width: number, height: number, seed: number, grain = 20): Promise<Buffer> {
  const random = seeded(seed);
  const pixels = Buffer.alloc(width * height * 3);
  const phase = seed % 97;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      const noise = (random() - 0.5) * grain;
      pixels[offset] = Math.max(0, Math.min(255, 120 + 80 * Math.sin((x + phase) / 211) + noise));
      pixels[offset + 1] = Math.max(0, Math.min(255, 110 + 70 * Math.cos((y + phase) / 157) + noise));
      pixels[offset + 2] = Math.max(0, Math.min(255, 140 + 60 * Math.sin((x + y) / 293) + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

/** The image host in a process of its own, as a real one would be: the server pays only the fetch. Serves each of `files` at /<name>. */
export async function startExternalImageHost(files: ReadonlyMap<string, Buffer>, contentType: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-bench-host-'));
  for (const [name, body] of files) fs.writeFileSync(path.join(dir, name), body);
  const host = await startLoopbackProcess('static-image-host.ts', [dir, contentType]);
  return {
    url: `http://127.0.0.1:${host.port}`,
    hostPort: `127.0.0.1:${host.port}`,
    async close() {
      await host.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
