import type { DemoResult } from '@altwise/shared';
import { VALIDATION } from '@altwise/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { ImageUp, Link2, ShieldCheck, Sparkles, Timer, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent, FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { OrDivider } from '@/components/or-divider';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMs } from '@/lib/format';
import { PLACEHOLDER_IMAGE } from '@/lib/placeholder-image';
import { toast } from '@/lib/toast';
import { generateDemoAltText } from './demo-api';

const isImage = (file: File) => file.type.startsWith('image/');

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

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
        {result.wcagCompliant && (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            WCAG 2.2 AAA compliant
          </span>
        )}
        <span className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-2.5 py-1 text-xs font-semibold text-blue-800 dark:bg-blue-950 dark:text-blue-200">
          <Timer className="size-3.5" aria-hidden="true" />
          Processed in {formatMs(result.processingTime)}
        </span>
      </div>
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

export function DemoSection() {
  const [file, setFile] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const formatsId = useId();
  const previewUrl = usePreviewUrl(file);
  const [shown, setShown] = useState<{ result: DemoResult; imageSrc: string } | null>(null);

  const mutation = useMutation({
    mutationFn: generateDemoAltText,
    onSuccess: (result, input) => {
      const serverUrl = /^(https?:|data:)/i.test(result.imageUrl) ? result.imageUrl : null;
      const imageSrc = 'file' in input ? (previewUrl ?? serverUrl ?? PLACEHOLDER_IMAGE) : (serverUrl ?? input.imageUrl);
      setShown({ result, imageSrc });
      toast.success('Demo alt text generated! (Sign up for full AI-powered generation)');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const clearFile = () => {
    setFile(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  };

  const choose = (next: File) => {
    setFile(next);
    setImageUrl('');
    toast.success(`Image "${next.name}" ready for processing`);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (!picked) return;
    if (!isImage(picked)) {
      toast.error('Please select an image file');
      event.target.value = '';
      return;
    }
    choose(picked);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const image = Array.from(event.dataTransfer.files).find(isImage);
    if (!image) {
      toast.error('Please drop an image file');
      return;
    }
    if (fileInputRef.current) fileInputRef.current.value = '';
    choose(image);
  };

  const onUrlChange = (event: ChangeEvent<HTMLInputElement>) => {
    setImageUrl(event.target.value);
    if (event.target.value && file) clearFile();
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
        </div>

        <div className="mt-12 grid gap-8 lg:grid-cols-2">
          <form
            noValidate
            onSubmit={onSubmit}
            aria-label="Alt text demo"
            className="rounded-3xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900"
          >
            <h3 className="text-lg font-semibold text-gray-900 dark:text-white">1. Choose an image</h3>
            <label
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'mt-4 flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-blue-400 dark:has-[:focus-visible]:ring-offset-gray-900',
                dragging
                  ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950/50'
                  : 'border-gray-300 bg-gray-50 hover:border-blue-500 hover:bg-blue-50/50 dark:border-gray-600 dark:bg-gray-800/50 dark:hover:border-blue-400',
              )}
            >
              <span className="rounded-full bg-blue-100 p-3 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                <ImageUp className="size-6" aria-hidden="true" />
              </span>
              <span className="mt-3 text-sm font-semibold text-gray-900 dark:text-white">
                Drag and drop an image, or click to upload
              </span>
              <span id={formatsId} className="mt-1 text-sm text-gray-600 dark:text-gray-300">
                Supports JPG, PNG, GIF and WebP
              </span>
              <input
                ref={fileInputRef}
                type="file"
                accept="image/*"
                className="sr-only"
                aria-describedby={formatsId}
                onChange={onPick}
              />
            </label>
            {file && (
              <div className="mt-3 flex items-center justify-between gap-3 rounded-xl border border-gray-200 px-4 py-2.5 text-sm dark:border-gray-700">
                <span className="min-w-0 truncate text-gray-800 dark:text-gray-200">
                  <span className="font-medium">{file.name}</span>{' '}
                  <span className="text-gray-600 dark:text-gray-300">({formatBytes(file.size)})</span>
                </span>
                <button
                  type="button"
                  onClick={clearFile}
                  className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:text-gray-200 dark:hover:bg-gray-800 dark:focus-visible:ring-blue-400"
                >
                  <X className="size-4" aria-hidden="true" />
                  Remove <span className="sr-only">{file.name}</span>
                </button>
              </div>
            )}

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
