// What a finished job's accepted results make (issue 38): the EPUB it was made from with them
// written in (job-epub.ts), and its uploaded images with them written into their XMP (the same
// exiftool path as POST /api/v1/images' embed "iptc"). Only approved items count: a person accepted
// them in review. Another account's job is a 404; a job still running is a 409.
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import type { JobItem } from '@altwise/shared';
import { DEFAULT_LANGUAGE } from '@altwise/shared';
import yazl from 'yazl';
import { AppError } from '../../platform/errors';
import type { ImageEmbedder } from '../alt-text';
import type { JobFilesRepository } from './job-files';
import { EPUB_FILE_IDX, filledEpub } from './job-epub';
import { toJobItem } from './job-item-view';
import type { JobRow, JobsRepository } from './jobs.repository';

const PAGE = 500;
const ACTIVE = new Set(['queued', 'running']);
const NOT_WRITTEN = 'altwise-not-written.txt';
const MAX_AHEAD = 32 * 1024 * 1024;

export function createJobDownloads(deps: { repository: JobsRepository; files: JobFilesRepository; embedder: ImageEmbedder; maxImageBytes: number }) {
  const { repository, files } = deps;

  async function finishedJob(userId: string, id: string, what: string): Promise<JobRow> {
    const row = await repository.findJob(userId, id);
    if (!row) throw AppError.notFound('Job not found');
    if (ACTIVE.has(row.status)) throw new AppError('conflict', `The job is ${row.status}: ${what} is made once it has finished and its results are reviewed`, 409);
    return row;
  }

  /** The job's approved items, page by page (never the whole job in memory at once). */
  async function* approved(jobId: string): AsyncGenerator<{ item: JobItem; imageUrl: string }> {
    for (let after = -1; ; ) {
      const rows = await repository.itemsPage(jobId, PAGE, after, 'approved');
      for (const row of rows) yield { item: toJobItem(row), imageUrl: row.image_url };
      if (rows.length < PAGE) return;
      after = rows.at(-1)!.idx;
    }
  }

  return {
    /** GET /api/v1/jobs/{id}/epub: the uploaded book with the approved alt texts (and long descriptions) written in. */
    async epub(userId: string, id: string): Promise<{ bytes: Buffer; fileName: string }> {
      const job = await finishedJob(userId, id, 'the EPUB');
      const book = await files.ofJob(job.id, EPUB_FILE_IDX);
      if (!book) throw AppError.notFound('This job was not made from an EPUB upload');
      const items: JobItem[] = [];
      for await (const { item } of approved(job.id)) items.push(item);
      const name = book.fileName.split('/').at(-1)!.replace(/\.epub$/i, '');
      return { bytes: await filledEpub(book.bytes, items, deps.maxImageBytes), fileName: `${name}.accessible.epub` };
    },

    /**
     * GET /api/v1/jobs/{id}/images.zip: each uploaded image with an approved result, named by its
     * path, its alt text and long description written into XMP (pixels untouched); `suffix` marks
     * the written text (e.g. "(AI-generated)"). An image that cannot take them (GIF, AVIF, damaged)
     * is left out and listed, with why, in altwise-not-written.txt.
     */
    async imagesZip(userId: string, id: string, suffix?: string): Promise<Readable> {
      const job = await finishedJob(userId, id, 'the images zip');
      if (!(await files.hasFiles(job.id))) throw AppError.notFound('This job was not made from uploaded images');
      await deps.embedder.requireAvailable();
      const options = JSON.parse(job.options) as { language?: string };
      const zip = new yazl.ZipFile();
      const out = new PassThrough();
      zip.outputStream.pipe(out);
      // Bytes handed to the zip and bytes it has sent on: at most MAX_AHEAD apart, so a large job is
      // never held in memory whole (the client reads as the images are written).
      let added = 0;
      let sent = 0;
      zip.outputStream.on('data', (chunk: Buffer) => void (sent += chunk.length));
      const caughtUp = () =>
        new Promise<void>((resolve) => {
          const done = () => {
            zip.outputStream.off('data', done);
            out.off('close', done);
            resolve();
          };
          zip.outputStream.on('data', done);
          out.on('close', done);
        });
      const fill = async () => {
        const names = new Set<string>();
        const notWritten: string[] = [];
        for await (const { item, imageUrl } of approved(job.id)) {
          if (out.destroyed) return;
          // The same picture used twice (a book's figure, a duplicate upload) is written once.
          if (!item.path || !item.result || names.has(item.path)) continue;
          const file = await files.read(imageUrl);
          if (!file) continue;
          const language = options.language ?? item.columns.xml_lang ?? DEFAULT_LANGUAGE;
          try {
            const written = await deps.embedder.write(file.bytes, item.result, language, suffix);
            names.add(item.path);
            // Images are compressed already: stored, not deflated again.
            zip.addBuffer(written.bytes, item.path, { compress: false });
            added += written.bytes.length;
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode === 503) throw error;
            notWritten.push(`${item.path}: ${error.message}`);
          }
          while (added - sent > MAX_AHEAD && !out.destroyed) await caughtUp();
        }
        if (notWritten.length) zip.addBuffer(Buffer.from(`${notWritten.join('\n')}\n`, 'utf8'), NOT_WRITTEN);
        zip.end();
      };
      // Headers are sent by now: a failure half-way can only cut the download short.
      fill().catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
  };
}

export type JobDownloads = ReturnType<typeof createJobDownloads>;
