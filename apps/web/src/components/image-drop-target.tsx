import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import type { ChangeEvent, DragEvent, ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

const isImage = (file: File) => file.type.startsWith('image/');

export interface ImageDropTargetProps {
  /** The visible name of the control; may change while something is dragged over it. */
  title: (dragging: boolean) => ReactNode;
  /** The formats line under the title. */
  hint: string;
  multiple?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  /** Called with the image files only (type image/…), never with none. */
  onImages(images: File[]): void;
}

/**
 * Drag-and-drop or click-to-choose images: a real file input inside the label, so it is reachable
 * by keyboard and named. Files whose type does not start with image/ are dropped, with the texts of docs/product-decisions.md#validation-messages,
 * "Please drop an image file" / "Please select an image file" when nothing is left.
 */
export function ImageDropTarget({ title, hint, multiple, disabled, inputRef, className, onImages }: ImageDropTargetProps) {
  const [dragging, setDragging] = useState(false);
  const titleId = useId();
  const hintId = useId();

  const offer = (files: File[], source: 'drop' | 'pick') => {
    const images = files.filter(isImage);
    if (images.length === 0) toast.error(source === 'drop' ? 'Please drop an image file' : 'Please select an image file');
    else onImages(images);
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The chosen files are the caller's now; clearing lets the same file be chosen again.
    event.target.value = '';
    if (files.length > 0) offer(files, 'pick');
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) offer(Array.from(event.dataTransfer.files), 'drop');
  };

  return (
    <label
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 text-center transition-colors',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 has-[:focus-visible]:ring-offset-2 dark:has-[:focus-visible]:ring-blue-400 dark:has-[:focus-visible]:ring-offset-gray-900',
        dragging
          ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950/50'
          : 'border-gray-300 bg-gray-50 hover:border-blue-500 hover:bg-blue-50/50 dark:border-gray-600 dark:bg-gray-800/50 dark:hover:border-blue-400',
        disabled && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      <span className="rounded-full bg-blue-100 p-3 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        <ImageUp className="size-6" aria-hidden="true" />
      </span>
      <span id={titleId} className="mt-3 text-sm font-semibold text-gray-900 dark:text-white">
        {title(dragging)}
      </span>
      <span id={hintId} className="mt-1 text-sm text-gray-600 dark:text-gray-300">
        {hint}
      </span>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        onChange={onPick}
      />
    </label>
  );
}
