import path from 'node:path';
import type { AltTextResult, Altwise, DescribeOptions } from '@altwise/sdk';
import { isAltwiseError } from '@altwise/sdk';
import { errorMessage, failsEveryRequest } from './error-message';
import type { Schedule } from './slow-progress';
import { slowProgress } from './slow-progress';

export interface DescribeFailure {
  input: string;
  error: { code: string; message: string; status?: number };
}

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** When "over a second" has passed (tests inject it); the real timer otherwise. */
  schedule?: Schedule;
}

function failureOf(input: string, error: unknown): DescribeFailure {
  if (isAltwiseError(error)) return { input, error: { code: error.code, message: error.message, status: error.status } };
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return { input, error: { code: typeof code === 'string' ? code : 'error', message: errorMessage(error) } };
}

/**
 * Describes each input in turn. One image that fails (a missing file, an image the API refuses) is
 * reported and the run goes on, so one bad file does not cost the answers for the rest; the exit
 * code is then 1. A failure that every request would meet (no server, a refused key) is thrown:
 * repeating it per image would only bury it.
 */
export async function describeImages(client: Altwise, inputs: string[], options: DescribeOptions & { json?: boolean }, io: Io): Promise<number> {
  const { json, ...describeOptions } = options;
  const entries: Array<AltTextResult | DescribeFailure> = [];
  let failed = 0;
  const progress = slowProgress(io.err, io.schedule);
  try {
    for (const [index, input] of inputs.entries()) {
      progress.step(inputs.length > 1 ? `altwise: describing ${index + 1}/${inputs.length}: ${input}` : `altwise: describing ${input}`);
      const source = /^https?:\/\//i.test(input) ? { url: input } : { file: path.resolve(input) };
      try {
        const result = await client.describe({ ...source, ...describeOptions });
        entries.push(result);
        if (!json) io.out(inputs.length > 1 ? `${input}: ${result.altText}` : result.altText);
      } catch (error) {
        if (failsEveryRequest(error)) throw error;
        failed += 1;
        entries.push(failureOf(input, error));
        // A file error names its path already ("missing.png: no such file").
        const isFileError = typeof (error as NodeJS.ErrnoException | null)?.path === 'string';
        io.err(isFileError ? `altwise: ${errorMessage(error)}` : `altwise: ${input}: ${errorMessage(error)}`);
      }
    }
  } finally {
    progress.finish();
  }
  if (json) io.out(JSON.stringify(inputs.length > 1 ? entries : entries[0], null, 2));
  if (failed > 0 && inputs.length > 1) io.err(`altwise: ${failed} of ${inputs.length} images failed`);
  return failed > 0 ? 1 : 0;
}
