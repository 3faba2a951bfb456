import type { DemoResult } from '@altwise/shared';
import { VALIDATION } from '@altwise/shared/messages';
import { DEMO_UPLOAD_MAX_BYTES, fileTooLargeMessage } from '@altwise/shared/upload-limits';
import { useMutation } from '@tanstack/react-query';
import { Link2, ShieldCheck, Sparkles, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { ChosenFile } from '@/components/chosen-file';
import { DraftBadge, DraftExplanation } from '@/components/draft-notice';
import { ImageDropTarget } from '@/components/image-drop-target';
import { InlineAlert } from '@/components/inline-alert';
import { OrDivider } from '@/components/or-divider';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { formatMs } from '@/lib/format';
import { PLACEHOLDER_IMAGE } from '@/lib/placeholder-image';
import { toast } from '@/lib/toast';
import { generateDemoAltText } from './api/generate-demo-alt-text';

/** The object URL of a chosen file, revoked when it changes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function DemoResultView({ result, imageSrc }: { result: DemoResult; imageSrc: string }) {
  // The placeholder stands in for an image that failed to load.
  const [failed, setFailed] = useState<string | null>(null);
  const src = imageSrc === failed ? PLACEHOLDER_IMAGE : imageSrc;
  return (
    <div data-testid="demo-result" className="space-y-4">
      <div className="overflow-hidden rounded-2xl border border-gray-200 bg-gray-100 dark:border-gray-700 dark:bg-gray-800">
        <img
          src={src}
          alt={result.altText}
          onError={() => setFailed(imageSrc)}
          className="mx-auto max-h-72 w-full object-contain"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {/* A draft is never called compliant: it says what it is instead (issue 19). */}
        {result.verification === 'draft' ? (
          <DraftBadge />
        ) : (
          result.wcagCompliant && (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
              <ShieldCheck className="size-3.5" aria-hidden="true" />
              WCAG 2.2 AAA compliant
            </span>
          )
        )}
        <span className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-2.5 py-1 text-xs font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200">
          <Timer className="size-3.5" aria-hidden="true" />
          {/* A cached result took no processing: say so rather than "0ms". */}
          {result.cached ? 'Cached result' : `Processed in ${formatMs(result.processingTime)}`}
        </span>
      </div>
      {result.verification === 'draft' && <DraftExplanation />}
      <div>
        <h4 className="text-sm font-semibold text-gray-900 dark:text-white">Generated alt text</h4>
        <p className="mt-2 rounded-xl border border-gray-200 bg-gray-50 p-4 text-gray-800 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100">
          {result.altText}
        </p>
      </div>
      <Link to="/register" className={buttonClasses({ variant: 'gradient', fullWidth: true })}>
        Get unlimited access
      </Link>
    </div>
  );
}

/** `visionModel`: what the server said runs here (undefined until it did, and in isolated tests). */
export function DemoSection({ visionModel }: { visionModel?: boolean } = {}) {
  const [file, setFile] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState('');
  const previewUrl = usePreviewUrl(file);
  const [shown, setShown] = useState<{ result: DemoResult; imageSrc: string } | null>(null);
  // The last request's failure, shown in the result panel (a result never outlives a new request).
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: generateDemoAltText,
    onMutate: () => {
      setShown(null);
      setFailure(null);
    },
    onSuccess: (result, input) => {
      const serverUrl = /^(https?:|data:)/i.test(result.imageUrl) ? result.imageUrl : null;
      const imageSrc = 'file' in input ? (previewUrl ?? serverUrl ?? PLACEHOLDER_IMAGE) : (serverUrl ?? input.imageUrl);
      setShown({ result, imageSrc });
      toast.success(result.verification === 'draft' ? 'Draft alt text generated (no vision model on this instance)' : 'Demo alt text generated! (Sign up for full AI-powered generation)');
    },
    // Shown in the panel (an alert, so it is announced once), not in a toast as well.
    onError: (error) => setFailure(errorMessage(error)),
  });

  /** A new input makes the previous result (or failure) stale. */
  const forgetResult = () => {
    setShown(null);
    setFailure(null);
  };

  const clearFile = () => setFile(null);

  // The first image is used (docs/product-decisions.md#validation-messages).
  const choose = ([next]: File[]) => {
    if (!next) return;
    if (next.size > DEMO_UPLOAD_MAX_BYTES) {
      toast.error(fileTooLargeMessage(next.name, DEMO_UPLOAD_MAX_BYTES));
      return;
    }
    setFile(next);
    setImageUrl('');
    forgetResult();
    toast.success(`Image "${next.name}" ready for processing`);
  };

  const onUrlChange = (event: ChangeEvent<HTMLInputElement>) => {
    setImageUrl(event.target.value);
    if (event.target.value && file) clearFile();
    if (shown || failure) forgetResult();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const url = imageUrl.trim();
    if (file) mutation.mutate({ file });
    else if (url) mutation.mutate({ imageUrl: url });
    else toast.error(VALIDATION.demoInputRequired);
  };

  return (
    <section
      id="demo"
      tabIndex={-1}
      aria-labelledby="demo-title"
      className="scroll-mt-20 bg-white py-20 focus:outline-none sm:py-24 dark:bg-gray-950"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-300">Live demo</p>
          <h2 id="demo-title" className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl dark:text-white">
            Try it with your own image
          </h2>
          <p className="mt-4 text-lg text-gray-600 dark:text-gray-300">
            Upload a picture or paste an image URL and get accessible alt text in seconds. No sign-up needed.
          </p>
          {visionModel === false && (
            <InlineAlert tone="warning" title="This instance runs without a vision model" className="mt-6 text-left">
              <span data-testid="no-vision-model">
                The demo writes a draft from what it can measure (text read in the image, photo or graphic, colours), not
                a description of what the image shows. Drafts are never marked WCAG compliant: check one against the
                image before you use it.
              </span>
            </InlineAlert>
          )}
        </div>

        <div className="mt-12 grid gap-8 lg:grid-cols-2">
          <form
            noValidate
            onSubmit={onSubmit}
            aria-label="Alt text demo"
            className="rounded-3xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900"
          >
            <h3 className="text-lg font-semibold text-gray-900 dark:text-white">1. Choose an image</h3>
            <ImageDropTarget
              title={() => (
                <>
                  {/* A touch screen cannot drag a file in: it is told to tap. */}
                  <span className="pointer-coarse:hidden">Drag and drop an image, or click to upload</span>
                  <span className="hidden pointer-coarse:inline">Tap to choose an image</span>
                </>
              )}
              hint="Supports JPG, PNG, GIF and WebP"
              className="mt-4 py-10"
              onImages={choose}
            />
            {file && <ChosenFile file={file} onRemove={clearFile} className="mt-3" />}

            <OrDivider />

            <TextField
              label={
                <span className="inline-flex items-center gap-1.5">
                  <Link2 className="size-4" aria-hidden="true" />
                  Image URL
                </span>
              }
              type="url"
              name="imageUrl"
              inputMode="url"
              placeholder="https://example.com/photo.jpg"
              value={imageUrl}
              onChange={onUrlChange}
            />

            <Button
              type="submit"
              variant="gradient"
              size="lg"
              fullWidth
              className="mt-6"
              isLoading={mutation.isPending}
              loadingText="Generating..."
              leftIcon={<Sparkles className="size-5" aria-hidden="true" />}
            >
              Generate Alt Text
            </Button>
          </form>

          <div
            aria-labelledby="demo-result-title"
            role="region"
            className="rounded-3xl border border-gray-200 bg-gradient-to-br from-gray-50 to-blue-50/60 p-6 sm:p-8 dark:border-gray-800 dark:from-gray-900 dark:to-blue-950/30"
          >
            <h3 id="demo-result-title" className="text-lg font-semibold text-gray-900 dark:text-white">
              2. Get your alt text
            </h3>
            <div className="mt-4" aria-busy={mutation.isPending}>
              {mutation.isPending ? (
                <div className="space-y-4" aria-hidden="true">
                  <div className="h-56 animate-pulse rounded-2xl bg-gray-200 dark:bg-gray-700" />
                  <div className="h-4 w-1/3 animate-pulse rounded bg-gray-200 dark:bg-gray-700" />
                  <div className="h-16 animate-pulse rounded-xl bg-gray-200 dark:bg-gray-700" />
                </div>
              ) : failure ? (
                <InlineAlert tone="error" role="alert" title="The demo could not describe this image" className="min-h-24">
                  <span data-testid="demo-error">{failure}</span>
                </InlineAlert>
              ) : shown ? (
                <DemoResultView result={shown.result} imageSrc={shown.imageSrc} />
              ) : (
                <div className="flex h-72 flex-col items-center justify-center rounded-2xl border border-dashed border-gray-300 text-center dark:border-gray-700">
                  <Sparkles className="size-8 text-blue-700 dark:text-blue-300" aria-hidden="true" />
                  <p className="mt-3 font-medium text-gray-900 dark:text-white">Your result will appear here</p>
                  <p className="mt-1 max-w-xs text-sm text-gray-600 dark:text-gray-300">
                    The image, its alt text, the processing time and a WCAG check.
                  </p>
                </div>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
