import { getPlan, isHttpUrl, VALIDATION } from '@altwise/shared';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { cardClasses } from '@/components/card';
import { Checkbox } from '@/components/checkbox';
import { InlineAlert } from '@/components/inline-alert';
import { OrDivider } from '@/components/or-divider';
import { SegmentedControl } from '@/components/segmented-control';
import { TextField } from '@/components/text-field';
import { TextareaField } from '@/components/textarea-field';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { jobSize, useGenerateJob } from '../use-generate-job';
import type { GenerateJob, GenerateMode, JobOutcome } from '../use-generate-job';
import type { ResultEntry } from '../result-entry';
import { BatchUrlList, newUrlRow } from './batch-url-list';
import type { UrlRow } from './batch-url-list';
import { DropZone } from './drop-zone';

const MODES = [
  { value: 'single', label: 'Single Image' },
  { value: 'batch', label: 'Batch Processing' },
] as const;

/** On a plan without batch processing, the option says so before it is tried. */
const MODES_WITHOUT_BATCH = [
  MODES[0],
  { ...MODES[1], badge: { text: 'Pro', description: 'Needs the Pro plan or higher' } },
] as const;

const CONTEXT_MAX = 2000;

/** docs/product-decisions.md#generate: one image says so, several say how many. */
export function successMessage(count: number): string {
  return count === 1 ? 'Alt text generated successfully!' : `Generated alt text for ${count} images!`;
}

/**
 * What the toast says when a generation is over: SPEC's exact words when every image worked, the
 * honest count otherwise ("Generated alt text for 3 of 4 images; 1 failed"); null when none did
 * (the error toasts say why).
 */
export function outcomeMessage({ succeeded, failed }: Pick<JobOutcome, 'succeeded' | 'failed'>): { kind: 'success' | 'error'; text: string } | null {
  if (succeeded === 0) return null;
  if (failed === 0) return { kind: 'success', text: successMessage(succeeded) };
  const total = succeeded + failed;
  return { kind: 'error', text: `Generated alt text for ${succeeded} of ${total} images; ${failed} failed` };
}

export function busyLabel(count: number): string {
  return count > 1 ? `Processing ${count} images...` : 'Generating...';
}

export interface GenerateFormProps {
  /** Each image's result the moment it is done. */
  onEntry(entry: ResultEntry): void;
  /** The whole generation, once every image is done. */
  onResults(outcome: JobOutcome): void;
}

export function GenerateForm({ onEntry, onResults }: GenerateFormProps) {
  const [mode, setMode] = useState<GenerateMode>('single');
  const [url, setUrl] = useState('');
  const [rows, setRows] = useState<UrlRow[]>(() => [newUrlRow()]);
  const [files, setFiles] = useState<File[]>([]);
  const [context, setContext] = useState('');
  const [verify, setVerify] = useState(false);
  const [planMessage, setPlanMessage] = useState<string | null>(null);
  const [pendingCount, setPendingCount] = useState(0);
  const [doneCount, setDoneCount] = useState(0);
  // Field errors by input: 'single' or a batch row's id. Once shown, an error follows each change.
  const [urlErrors, setUrlErrors] = useState<Record<string, string>>({});
  const batchAllowed = useAuthStore((state) => getPlan(state.user?.plan).batchAllowed);
  const job = useGenerateJob();
  const busy = job.isPending;
  const contextError = context.trim().length > CONTEXT_MAX ? `Context must be at most ${CONTEXT_MAX} characters` : undefined;

  // Switching mode carries the address over, so nothing typed is lost.
  const changeMode = (next: GenerateMode) => {
    if (next === 'batch' && url.trim() && rows.every((row) => !row.value.trim())) setRows([newUrlRow(url.trim())]);
    if (next === 'single' && !url.trim()) setUrl(rows.find((row) => row.value.trim())?.value.trim() ?? '');
    setMode(next);
  };

  const urlError = (value: string) => (value.trim() && !isHttpUrl(value.trim()) ? VALIDATION.imageUrlInvalid : undefined);
  const revalidate = (key: string, value: string) => {
    if (!(key in urlErrors)) return;
    setUrlErrors(({ [key]: _previous, ...rest }) => {
      const error = urlError(value);
      return error ? { ...rest, [key]: error } : rest;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const urls = mode === 'single' ? [url.trim()].filter(Boolean) : rows.map((row) => row.value.trim()).filter(Boolean);
    if (urls.length === 0 && files.length === 0) {
      toast.error(mode === 'single' ? VALIDATION.imageUrlRequired : VALIDATION.imageUrlsRequired);
      return;
    }
    // An address the API would refuse is marked on its field (aria-invalid, described by the message).
    const errors: Record<string, string> = {};
    const inputs = mode === 'single' ? [{ key: 'single', value: url }] : rows.map((row) => ({ key: String(row.id), value: row.value }));
    for (const input of inputs) {
      const error = urlError(input.value);
      if (error) errors[input.key] = error;
    }
    setUrlErrors(errors);
    const firstInvalid = inputs.find((input) => errors[input.key]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[data-url-key="${firstInvalid.key}"]`)?.focus();
      return;
    }
    if (contextError) return;
    const request: GenerateJob = {
      mode,
      urls,
      files,
      context: context.trim() || undefined,
      verify,
      onEntry: (entry) => {
        setDoneCount((count) => count + 1);
        onEntry(entry);
      },
    };
    setPlanMessage(null);
    setPendingCount(jobSize(request));
    setDoneCount(0);
    try {
      const outcome = await job.mutateAsync(request);
      const summary = outcomeMessage(outcome);
      if (summary) toast[summary.kind](summary.text);
      for (const message of outcome.errors.slice(0, 3)) toast.error(message);
      if (outcome.planMessage) setPlanMessage(outcome.planMessage);
      // Described files and addresses are done: left in place, they would be described again with the
      // next files. An address that failed (or was never answered) stays, to be fixed and tried again.
      if (outcome.succeeded > 0 || outcome.failed > 0) setFiles([]);
      if (outcome.describedUrls.length > 0) {
        const described = new Set(outcome.describedUrls);
        if (mode === 'single') {
          if (described.has(url.trim())) setUrl('');
        } else {
          const kept = rows.filter((row) => row.value.trim() && !described.has(row.value.trim()));
          setRows(kept.length > 0 ? kept : [newUrlRow()]);
        }
      }
      onResults(outcome);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Generate alt text" className={cn(cardClasses, 'p-6')}>
      <SegmentedControl<GenerateMode>
        label="Processing mode"
        options={batchAllowed ? MODES : MODES_WITHOUT_BATCH}
        value={mode}
        onChange={changeMode}
      />

      <h2 className="mt-6 text-base font-semibold text-gray-900 dark:text-white">Upload images</h2>
      <div className="mt-3">
        <DropZone files={files} onFilesChange={setFiles} disabled={busy} />
      </div>

      <OrDivider />

      <h2 className="text-base font-semibold text-gray-900 dark:text-white">
        {mode === 'single' ? 'Image address' : 'Image addresses'}
      </h2>
      <div className="mt-3">
        {mode === 'single' ? (
          <TextField
            label="Image URL"
            type="url"
            name="imageUrl"
            inputMode="url"
            placeholder="https://example.com/image.jpg"
            hint="Cleared once described, so the next images are not described with it again."
            value={url}
            disabled={busy}
            error={urlErrors.single}
            data-url-key="single"
            onChange={(event) => {
              setUrl(event.target.value);
              revalidate('single', event.target.value);
            }}
          />
        ) : (
          <BatchUrlList
            rows={rows}
            onChange={(next) => {
              setRows(next);
              for (const row of next) revalidate(String(row.id), row.value);
            }}
            errors={urlErrors}
            disabled={busy}
          />
        )}
      </div>

      <TextareaField
        containerClassName="mt-6"
        label="Context"
        optional
        name="context"
        rows={2}
        placeholder="e.g. Product page for a waterproof hiking boot"
        hint="Where the image appears: a caption, product name or the surrounding text. It helps the description fit its purpose."
        value={context}
        disabled={busy}
        error={contextError}
        onChange={(event) => setContext(event.target.value)}
      />

      <Checkbox
        className="mt-6"
        name="verify"
        label="Check with several readings"
        description="Reads each image 3 times and shows where the readings disagree (a count, a colour, a word). Uses 3 requests per image."
        checked={verify}
        disabled={busy}
        onChange={(event) => setVerify(event.target.checked)}
      />

      {planMessage && (
        <InlineAlert tone="warning" role="alert" className="mt-6" title="Batch processing is not included in your plan">
          <p>{planMessage}</p>
          <Link
            to="/subscription"
            className="mt-2 inline-block rounded font-semibold text-amber-950 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-amber-100 dark:focus-visible:ring-blue-400"
          >
            View subscription plans
          </Link>
        </InlineAlert>
      )}

      <Button
        type="submit"
        variant="gradient"
        size="lg"
        fullWidth
        className="mt-6"
        isLoading={busy}
        loadingText={busyLabel(pendingCount)}
        leftIcon={<Sparkles className="size-5" aria-hidden="true" />}
      >
        Generate Alt Text
      </Button>
      {/* Images finish one by one (a batch streams them): the count says how far it is. */}
      <p role="status" className="mt-3 text-center text-sm text-gray-700 dark:text-gray-300">
        {busy && pendingCount > 1 ? `${doneCount} of ${pendingCount} images done` : ''}
      </p>
    </form>
  );
}
