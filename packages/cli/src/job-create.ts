// `altwise job create <folder|zip>`: a bulk job from the images on disk, streamed to the server with
// progress on stderr; stdout gets the job id alone (scripts: JOB=$(altwise job create photos)).
import fs from 'node:fs';
import path from 'node:path';
import type { Altwise, Job, UploadProgress } from '@altwise/sdk';
import { formatBytes, scanFolder } from './job-files';
import { uploadSession } from './upload-state';

/** The most a job takes (the API's own limit: checked here so 10,001 files are not uploaded to be refused). */
const MAX_FILES = 10_000;
const SKIPPED_SHOWN = 20;

export interface JobCreateFlags {
  language?: string;
  maxLength?: number;
  wait?: boolean;
}

export interface JobCreateIo {
  out: (text: string) => void;
  err: (text: string) => void;
  isTTY: boolean;
  onPoll?: (job: Job) => void;
}

/** Progress of the upload: a line redrawn on a terminal; one line per tenth of the bytes in a log. */
function uploadProgress(io: JobCreateIo) {
  let lastTenth = -1;
  let lastDraw = 0;
  const line = (progress: UploadProgress) =>
    `Uploading: ${progress.filesSent.toLocaleString('en-US')}/${progress.totalFiles.toLocaleString('en-US')} files, ${formatBytes(progress.bytesSent)} of ${formatBytes(progress.totalBytes)}`;
  return {
    update(progress: UploadProgress) {
      const done = progress.filesSent === progress.totalFiles;
      if (io.isTTY) {
        const now = Date.now();
        if (!done && now - lastDraw < 100) return;
        lastDraw = now;
        io.err(`\r${line(progress)}`);
        return;
      }
      const tenth = progress.totalBytes === 0 ? 10 : Math.floor((progress.bytesSent / progress.totalBytes) * 10);
      if (tenth === lastTenth || (tenth === 10 && !done)) return;
      lastTenth = tenth;
      io.err(`${line(progress)}\n`);
    },
    finish() {
      if (io.isTTY) io.err('\n');
    },
  };
}

/** The files to send: a folder's images, or one zip as it is (the server opens it). */
function filesOf(target: string, io: JobCreateIo): { files: Array<{ path: string; file: string; size: number }>; folder: boolean } {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(target);
  } catch {
    throw new Error(`Not found: ${target}`);
  }
  if (stats.isFile()) {
    if (!/\.zip$/i.test(target)) throw new Error(`${target} is not a folder or a .zip file`);
    io.err(`Sending ${path.basename(target)} (${formatBytes(stats.size)}): the server opens it, each image named by its path in the zip\n`);
    return { files: [{ path: path.basename(target), file: target, size: stats.size }], folder: false };
  }
  if (!stats.isDirectory()) throw new Error(`${target} is not a folder or a .zip file`);
  const scan = scanFolder(target);
  for (const skipped of scan.skipped.slice(0, SKIPPED_SHOWN)) io.err(`  skipped ${skipped.path}: ${skipped.reason}\n`);
  if (scan.skipped.length > SKIPPED_SHOWN) io.err(`  … and ${scan.skipped.length - SKIPPED_SHOWN} more skipped\n`);
  if (scan.files.length === 0) throw new Error(`No images in ${target} (JPEG, PNG, GIF, WebP or AVIF; dotfiles are skipped)`);
  if (scan.files.length > MAX_FILES) throw new Error(`${scan.files.length.toLocaleString('en-US')} images in ${target}: a job takes at most ${MAX_FILES.toLocaleString('en-US')}; split the folder`);
  const bytes = scan.files.reduce((sum, file) => sum + file.size, 0);
  io.err(`Found ${scan.files.length.toLocaleString('en-US')} images (${formatBytes(bytes)})${scan.skipped.length ? `, skipped ${scan.skipped.length.toLocaleString('en-US')} other files` : ''}\n`);
  return { files: scan.files.map(({ path: relative, file, size }) => ({ path: relative, file, size })), folder: true };
}

/** Returns the exit code: 0, or 1 when files were refused or items failed (--wait). */
export async function jobCreate(client: Altwise, baseUrl: string, target: string, flags: JobCreateFlags, io: JobCreateIo): Promise<number> {
  const { files, folder } = filesOf(target, io);
  const progress = uploadProgress(io);
  let job;
  if (folder) {
    // A folder goes up in pieces under a session saved until its job exists: run again, it resumes.
    const saved = uploadSession(target, baseUrl, files);
    saved.save();
    let told = false;
    try {
      job = await client.jobs.createFromFilesResumable(
        files.map(({ path: relative, file }) => ({ path: relative, file })),
        {
          session: saved.session,
          // Named by the folder (its files' paths are relative to it, so the server cannot tell).
          name: path.basename(path.resolve(target)),
          language: flags.language,
          maxLength: flags.maxLength,
          onProgress: (state) => {
            if (!told && state.resumedFiles > 0) io.err(`Resuming an interrupted upload: ${state.resumedFiles.toLocaleString('en-US')} of ${state.totalFiles.toLocaleString('en-US')} files are stored already\n`);
            told = true;
            progress.update(state);
          },
        },
      );
    } catch (error) {
      progress.finish();
      io.err('The upload stopped: run the same command again to resume it (the files stored so far are not sent again)\n');
      throw error;
    }
    progress.finish();
    saved.forget();
  } else {
    try {
      job = await client.jobs.createFromFiles(files, { language: flags.language, maxLength: flags.maxLength, onProgress: (state) => progress.update(state) });
    } finally {
      progress.finish();
    }
  }
  const refused = job.rowErrors ?? [];
  for (const error of refused.slice(0, SKIPPED_SHOWN)) io.err(`  refused #${error.row}: ${error.reason}\n`);
  if (refused.length > SKIPPED_SHOWN) io.err(`  … and ${refused.length - SKIPPED_SHOWN} more refused\n`);
  const images = `${job.total.toLocaleString('en-US')} image${job.total === 1 ? '' : 's'}`;
  io.err(`Job ${job.id} (${job.name}): ${images}${refused.length ? `, ${refused.length} refused` : ''}; follow it at ${baseUrl}/app/jobs/${job.id}\n`);
  io.out(job.id);
  let code = refused.length > 0 ? 1 : 0;
  if (flags.wait) {
    const over = await client.jobs.waitFor(job.id, { onPoll: io.onPoll });
    io.err(`Job ${over.status}: ${over.counts.succeeded} described, ${over.counts.failed} failed\n`);
    if (over.status !== 'completed' || over.counts.failed > 0) code = 1;
  }
  return code;
}
