// Altwise.jobs.createFromFiles: the multipart body is a stream pulled by the connection, never built whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadProgress } from '@altwise/sdk';
import { Altwise } from '@altwise/sdk';

const FILE_BYTES = 512 * 1024;

describe('jobs.createFromFiles', () => {
  let folder: string;
  const files: Array<{ path: string; file: string }> = [];
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-sdk-files-'));
    for (let i = 0; i < 4; i += 1) {
      const file = path.join(folder, `${i}.png`);
      fs.writeFileSync(file, Buffer.alloc(FILE_BYTES, i));
      files.push({ path: `shelf "${i}"/${i}.png`, file });
    }
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('streams: the first bytes reach the connection before the later files are read', async () => {
    const seen: UploadProgress[] = [];
    let atFirstChunk: UploadProgress | undefined;
    let body = '';
    const client = new Altwise({
      apiKey: 'ak_test',
      baseUrl: 'http://api.invalid',
      fetch: async (request) => {
        const reader = request.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          atFirstChunk ??= seen.at(-1) ?? { filesSent: 0, totalFiles: 4, bytesSent: 0, totalBytes: 4 * FILE_BYTES };
          body += Buffer.from(value).toString('latin1');
        }
        expect(request.headers.get('x-api-key')).toBe('ak_test');
        expect(request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
        return Response.json({ id: 'job_1', total: 4, rowErrors: [] }, { status: 202 });
      },
    });
    const job = await client.jobs.createFromFiles(files, { language: 'fr', onProgress: (progress) => seen.push(progress) });
    expect(job.id).toBe('job_1');
    expect(atFirstChunk!.bytesSent).toBeLessThan(FILE_BYTES);
    expect(seen.at(-1)).toEqual({ filesSent: 4, totalFiles: 4, bytesSent: 4 * FILE_BYTES, totalBytes: 4 * FILE_BYTES });
    expect(body).toContain('name="language"\r\n\r\nfr\r\n');
    expect(body).toContain('name="files"; filename="shelf %220%22/0.png"');
    expect(body.length).toBeGreaterThan(4 * FILE_BYTES);
  });

  it('a 503 is retried with the files read again, under the same Idempotency-Key; an API error is an AltwiseError', async () => {
    const keys: string[] = [];
    const sizes: number[] = [];
    const client = new Altwise({
      apiKey: 'ak_test',
      baseUrl: 'http://api.invalid',
      fetch: async (request) => {
        keys.push(request.headers.get('idempotency-key')!);
        sizes.push((await request.arrayBuffer()).byteLength);
        if (keys.length === 1) return new Response('busy', { status: 503, headers: { 'retry-after': '0' } });
        return Response.json({ error: { code: 'forbidden', message: 'Bulk jobs need a paid plan' } }, { status: 403 });
      },
    });
    await expect(client.jobs.createFromFiles(files.slice(0, 1))).rejects.toMatchObject({ name: 'AltwiseError', code: 'forbidden', status: 403 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(sizes[1]).toBe(sizes[0]);
    expect(sizes[0]).toBeGreaterThan(FILE_BYTES);
  });
});
