import { useEffect, useRef, useState } from 'react';
import { ChosenFile } from '@/components/chosen-file';
import { ImageDropTarget } from '@/components/image-drop-target';
import { UPLOAD_MAX_BYTES, fileTooLargeMessage } from '@altwise/shared/upload-limits';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

/** "<n> image(s) ready for processing" (docs/product-decisions.md#generate). */
export const readyText = (count: number) => `${count} image(s) ready for processing`;

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

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

/** The batch's images: dropped or chosen (several at once), listed with a way to remove each. */
export function DropZone({ files, onFilesChange, disabled }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);

  const add = (candidates: File[]) => {
    // Refused here rather than after uploading megabytes the server would refuse with a 413.
    for (const file of candidates) if (file.size > UPLOAD_MAX_BYTES) toast.error(fileTooLargeMessage(file.name, UPLOAD_MAX_BYTES));
    const images = candidates.filter((file) => file.size <= UPLOAD_MAX_BYTES);
    const known = new Set(files.map(fileKey));
    onFilesChange([...files, ...images.filter((file) => !known.has(fileKey(file)))]);
  };

  return (
    <div>
      <ImageDropTarget
        title={(dragging) =>
          dragging ? (
            'Drop the images to add them'
          ) : (
            // A touch screen has nothing to drag from: it is told to tap.
            <>
              <span className="pointer-coarse:hidden">Drag and drop images, or click to upload</span>
              <span className="hidden pointer-coarse:inline">Tap to choose images</span>
            </>
          )
        }
        hint="Supported formats: JPG, PNG, GIF, WebP"
        multiple
        disabled={disabled}
        inputRef={inputRef}
        className="py-8"
        onImages={add}
      />

      <p role="status" className={cn('text-sm font-medium text-gray-800 dark:text-gray-200', files.length > 0 ? 'mt-3' : 'sr-only')}>
        {files.length > 0 ? readyText(files.length) : ''}
      </p>
      {files.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label="Images to process">
          {files.map((file, index) => (
            <ChosenFile
              key={fileKey(file)}
              as="li"
              file={file}
              disabled={disabled}
              leading={<Thumbnail file={file} />}
              onRemove={() => {
                onFilesChange(files.filter((_, i) => i !== index));
                inputRef.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
