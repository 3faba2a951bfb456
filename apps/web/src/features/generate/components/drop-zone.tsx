import { ImageUp, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

const isImage = (file: File) => file.type.startsWith('image/');

/** "<n> image(s) ready for processing" (SPEC §2). */
export const readyText = (count: number) => `${count} image(s) ready for processing`;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function Thumbnail({ file }: { file: File }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // Decorative: the file name beside it says which image it is.
  return src ? <img src={src} alt="" className="size-10 shrink-0 rounded-lg object-cover" /> : <span className="size-10" />;
}

export interface DropZoneProps {
  files: File[];
  onFilesChange(files: File[]): void;
  disabled?: boolean;
}

/**
 * Drag-and-drop or click-to-choose images: a real file input inside the label, so it is
 * reachable by keyboard and named. Only files whose type starts with image/ are kept.
 */
export function DropZone({ files, onFilesChange, disabled }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const titleId = useId();

  const add = (incoming: File[], source: 'drop' | 'pick') => {
    const images = incoming.filter(isImage);
    if (images.length === 0) {
      toast.error(source === 'drop' ? 'Please drop an image file' : 'Please select an image file');
      return;
    }
    const known = new Set(files.map((file) => `${file.name}:${file.size}:${file.lastModified}`));
    onFilesChange([...files, ...images.filter((file) => !known.has(`${file.name}:${file.size}:${file.lastModified}`))]);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    add(Array.from(event.target.files ?? []), 'pick');
    // Let the same file be chosen again after it was removed.
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(Array.from(event.dataTransfer.files), 'drop');
  };

  return (
    <div>
      <label
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-blue-400 dark:has-[:focus-visible]:ring-offset-gray-900',
          dragging
            ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950/50'
            : 'border-gray-300 bg-gray-50 hover:border-blue-500 hover:bg-blue-50/50 dark:border-gray-600 dark:bg-gray-800/50 dark:hover:border-blue-400',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <span className="rounded-full bg-blue-100 p-3 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
          <ImageUp className="size-6" aria-hidden="true" />
        </span>
        <span id={titleId} className="mt-3 text-sm font-semibold text-gray-900 dark:text-white">
          {dragging ? 'Drop the images to add them' : 'Drag and drop images, or click to upload'}
        </span>
        <span id={hintId} className="mt-1 text-sm text-gray-600 dark:text-gray-300">
          Supported formats: JPG, PNG, GIF, WebP
        </span>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          className="sr-only"
          aria-labelledby={titleId}
          aria-describedby={hintId}
          onChange={onPick}
        />
      </label>

      <p role="status" className={cn('text-sm font-medium text-gray-800 dark:text-gray-200', files.length > 0 ? 'mt-3' : 'sr-only')}>
        {files.length > 0 ? readyText(files.length) : ''}
      </p>
      {files.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label="Images to process">
          {files.map((file, index) => (
            <li
              key={`${file.name}:${file.size}:${file.lastModified}`}
              className="flex items-center gap-3 rounded-xl border border-gray-200 px-3 py-2 text-sm dark:border-gray-700"
            >
              <Thumbnail file={file} />
              <span className="min-w-0 flex-1 truncate text-gray-800 dark:text-gray-200">
                <span className="font-medium">{file.name}</span>{' '}
                <span className="text-gray-600 dark:text-gray-300">({formatBytes(file.size)})</span>
              </span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  onFilesChange(files.filter((_, i) => i !== index));
                  inputRef.current?.focus();
                }}
                className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:opacity-60 dark:text-gray-200 dark:hover:bg-gray-800 dark:focus-visible:ring-blue-400"
              >
                <X className="size-4" aria-hidden="true" />
                Remove <span className="sr-only">{file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
