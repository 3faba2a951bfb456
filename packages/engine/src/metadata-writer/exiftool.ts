import { execFile } from 'node:child_process';

/** Why writing metadata failed, in words a caller can be shown (never a path or exiftool's own output). */
export type MetadataWriterErrorCode = 'unavailable' | 'unsupported_type' | 'too_many_pixels' | 'undecodable' | 'timeout';

export class MetadataWriterError extends Error {
  override readonly name = 'MetadataWriterError';
  constructor(
    readonly code: MetadataWriterErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isMetadataWriterError(value: unknown, code?: MetadataWriterErrorCode): value is MetadataWriterError {
  return value instanceof MetadataWriterError && (code === undefined || value.code === code);
}

export interface ExiftoolOptions {
  /** The exiftool executable: Debian's libimage-exiftool-perl installs it as `exiftool` on the PATH. */
  command?: string;
  /** A hung exiftool is killed after this long. */
  timeoutMs?: number;
}

export const EXIFTOOL_TIMEOUT_MS = 20_000;
export const EXIFTOOL_MISSING = 'Writing alt text into image files needs exiftool, which is not installed on this server (Debian: libimage-exiftool-perl)';
// Enough for -ver and the error lines; exiftool prints nothing large for a write.
const MAX_OUTPUT = 1024 * 1024;

/**
 * Runs exiftool with an argument array (no shell: alt text is never parsed by one), an empty
 * `-config` (no user config file can add tags or code), a timeout, and a capped output.
 */
export function runExiftool(args: readonly string[], options: ExiftoolOptions = {}): Promise<{ stdout: string; stderr: string }> {
  const command = options.command ?? 'exiftool';
  return new Promise((resolve, reject) => {
    execFile(
      command,
      ['-config', '', ...args],
      { timeout: options.timeoutMs ?? EXIFTOOL_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT, encoding: 'utf8', windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr });
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EACCES') return reject(new MetadataWriterError('unavailable', EXIFTOOL_MISSING, { cause: error }));
        if (error.killed) return reject(new MetadataWriterError('timeout', 'Writing the image metadata took too long', { cause: error }));
        reject(new MetadataWriterError('undecodable', 'exiftool could not write this image: it may be damaged', { cause: new Error(stderr.slice(0, 500)) }));
      },
    );
  });
}

const available = new Map<string, Promise<boolean>>();

/** Whether exiftool runs here (asked once per command; a failure is asked again next time). */
export function exiftoolAvailable(options: ExiftoolOptions = {}): Promise<boolean> {
  const command = options.command ?? 'exiftool';
  let known = available.get(command);
  if (!known) {
    known = runExiftool(['-ver'], options).then(
      () => true,
      () => {
        available.delete(command);
        return false;
      },
    );
    available.set(command, known);
  }
  return known;
}
