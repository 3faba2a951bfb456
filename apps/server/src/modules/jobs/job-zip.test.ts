import { readdirSync, readlinkSync } from 'node:fs';
import { Readable } from 'node:stream';
import { buildZip } from '@altwise/test-support/zip';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { sanitizePath } from './job-uploads';
import type { ZipEntry, ZipLimits } from './job-zip';
import { readZipEntries, spoolToTempFile } from './job-zip';

const limits = (overrides: Partial<ZipLimits> = {}): ZipLimits => ({
  zipName: 'test.zip',
  zipBytes: 0,
  maxEntryBytes: 1024 * 1024,
  maxItems: 100,
  maxTotalBytes: 1024 * 1024 * 1024,
  sanitizePath,
  tooMany: () => new AppError('payload_too_large', 'too many', 413),
  tooLarge: () => new AppError('payload_too_large', 'too large', 413),
  describeSize: (bytes) => `${bytes} B`,
  ...overrides,
});

/**
 * This process's descriptors open on an upload's temporary file (unlinked at once, so only the
 * descriptor names it): counted by name, as the worker's other descriptors come and go meanwhile.
 */
const openUploadFds = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).includes('/altwise-upload-');
    } catch {
      return false; // closed while listed
    }
  }).length;

async function readAll(zip: Buffer, options: Partial<ZipLimits> = {}): Promise<ZipEntry[]> {
  const { fd } = await spoolToTempFile(Readable.from([zip]), 1024 * 1024 * 1024, () => new Error('spool cap'));
  const out: ZipEntry[] = [];
  for await (const entry of readZipEntries(fd, limits({ zipBytes: zip.length, ...options }))) out.push(entry);
  return out;
}

describe('readZipEntries', () => {
  it('counts the bytes it inflates over the whole zip, past what the headers claim', async () => {
    const noise = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 251));
    const zip = buildZip([{ name: 'a.bin', data: noise, declaredSize: 10 }, { name: 'b.bin', data: noise, declaredSize: 10 }]);
    await expect(readAll(zip, { maxTotalBytes: 60_000 })).rejects.toThrow('too large');
    expect((await readAll(zip, { maxTotalBytes: 80_000 })).map((entry) => entry.path)).toEqual(['a.bin', 'b.bin']);
  });

  it('closes its temporary file whether the zip is read, refused or damaged', async () => {
    const zip = buildZip([{ name: 'a.bin', data: Buffer.from('hello') }]);
    await readAll(zip);
    await expect(readAll(zip.subarray(0, 20))).rejects.toThrow('damaged');
    await expect(readAll(zip, { maxItems: 0 })).rejects.toThrow('too many');
    // The descriptor is closed asynchronously by yauzl once its last stream ends.
    const deadline = Date.now() + 20_000;
    while (openUploadFds() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(openUploadFds()).toBe(0);
  });
});
