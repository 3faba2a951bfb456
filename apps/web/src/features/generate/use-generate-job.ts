import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { generateAltText } from './api/generate-alt-text';
import type { GenerateInput } from './api/generate-alt-text';
import { generateBatch } from './api/generate-batch';
import type { BatchItem } from './api/generate-batch';
import { doneEntry, entryId, isBatchItemError, nameFromUrl, previewSource } from './result-entry';
import type { ResultEntry } from './result-entry';
import { useGenerationKey } from './use-api-key';

export type GenerateMode = 'single' | 'batch';

export interface GenerateJob {
  mode: GenerateMode;
  /** Non-blank URLs: at most one in single mode. */
  urls: string[];
  files: File[];
  context?: string;
  /** "Check with several readings": each image read 3 times, disagreements flagged. */
  verify?: boolean;
  /** Told of each image's entry the moment it is done (a batch's images one by one, as the server settles them). */
  onEntry?: (entry: ResultEntry) => void;
}

export interface JobOutcome {
  /** One entry per image, in input order. */
  entries: ResultEntry[];
  succeeded: number;
  failed: number;
  /** Distinct error messages, for the toasts. */
  errors: string[];
  /** The addresses, as asked, that got a description (the form clears them; failed ones stay). */
  describedUrls: string[];
  /** The server's message when the plan does not allow batch processing (403). */
  planMessage?: string;
}

/** How many images a job describes (the busy label counts them). */
export const jobSize = (job: Pick<GenerateJob, 'urls' | 'files'>) => job.urls.length + job.files.length;

/**
 * Runs one generation: each uploaded file is its own multipart request; one URL goes to
 * POST /v1/images, several (batch mode) to POST /v1/images/batch in one request.
 * Object URLs made for upload previews live until the screen unmounts.
 */
export function useGenerateJob() {
  const queryClient = useQueryClient();
  const resolveKey = useGenerationKey();
  const objectUrls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const run = async (job: GenerateJob): Promise<JobOutcome> => {
    let apiKey = await resolveKey();
    // A key revoked on another screen is refused once (401); fetch the list again and retry.
    const withKey = async <T,>(call: (key: string) => Promise<T>): Promise<T> => {
      try {
        return await call(apiKey);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
        apiKey = await resolveKey({ fresh: true });
        return call(apiKey);
      }
    };
    const describe = (input: GenerateInput) => withKey((key) => generateAltText(input, key));

    const outcome: JobOutcome = { entries: [], succeeded: 0, failed: 0, errors: [], describedUrls: [] };
    const shown = <T extends ResultEntry>(entry: T): T => {
      job.onEntry?.(entry);
      return entry;
    };
    const fail = (name: string, message: string, imageUrl?: string) => {
      outcome.failed += 1;
      if (!outcome.errors.includes(message)) outcome.errors.push(message);
      return shown({ id: entryId(), status: 'failed', name, imageUrl, message } satisfies ResultEntry);
    };

    const fileTasks = job.files.map(async (file): Promise<ResultEntry[]> => {
      try {
        const result = await describe({ file, context: job.context, verify: job.verify });
        const preview = URL.createObjectURL(file);
        objectUrls.current.push(preview);
        outcome.succeeded += 1;
        return [shown(doneEntry(result, file.name, preview))];
      } catch (error) {
        return [fail(file.name, errorMessage(error))];
      }
    });

    const urlTask = async (): Promise<ResultEntry[]> => {
      if (job.urls.length === 0) return [];
      if (job.urls.length === 1) {
        const imageUrl = job.urls[0]!;
        try {
          const result = await describe({ imageUrl, context: job.context, verify: job.verify });
          outcome.succeeded += 1;
          outcome.describedUrls.push(imageUrl);
          return [shown(doneEntry(result, nameFromUrl(imageUrl), previewSource(result.imageUrl) ?? imageUrl))];
        } catch (error) {
          return [fail(nameFromUrl(imageUrl), errorMessage(error), imageUrl)];
        }
      }
      // Each image's entry is made as it arrives, and kept in input order for the outcome.
      const arrived = new Map<number, ResultEntry>();
      const inOrder = () => job.urls.flatMap((_url, index) => arrived.get(index) ?? []);
      try {
        const toEntry = (index: number, item: BatchItem) => {
          if (isBatchItemError(item)) arrived.set(index, fail(nameFromUrl(item.imageUrl), item.error.message, item.imageUrl));
          else {
            outcome.succeeded += 1;
            outcome.describedUrls.push(job.urls[index] ?? item.imageUrl);
            arrived.set(index, shown(doneEntry(item, nameFromUrl(item.imageUrl), previewSource(item.imageUrl))));
          }
        };
        // A retry with a fresh key (401) is refused before any image is described, so nothing arrives twice.
        await withKey((key) => generateBatch({ imageUrls: job.urls, context: job.context, verify: job.verify }, key, toEntry));
        return inOrder();
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) {
          outcome.planMessage = error.message;
          return [];
        }
        // The images that had arrived are kept; the rest failed with the request.
        const message = errorMessage(error);
        outcome.failed += job.urls.length - arrived.size;
        if (!outcome.errors.includes(message)) outcome.errors.push(message);
        return inOrder();
      }
    };

    const groups = await Promise.all([...fileTasks, urlTask()]);
    outcome.entries = groups.flat();
    return outcome;
  };

  return useMutation({
    mutationFn: run,
    onSettled: () => {
      // New history and usage everywhere: refetched when a screen next mounts, not now
      // (this screen already shows the fresh results above its history).
      void queryClient.invalidateQueries({ refetchType: 'none' });
    },
  });
}
