import { FolderUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { DragEvent, InputHTMLAttributes } from 'react';
import { Button } from '@/components/button';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/format';
import type { Picked } from '../picked-files';
import { MAX_JOB_FILES, formatBytes, fromDataTransfer, fromFileList, isZip } from '../picked-files';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/avif,.jpg,.jpeg,.png,.gif,.webp,.avif,.zip,application/zip';
const LISTED = 100;
// React passes the attribute through; TypeScript's DOM types do not name it.
const folderPicker = { webkitdirectory: '' } as InputHTMLAttributes<HTMLInputElement>;

/** What will be sent: the count and size, the files (the first LISTED), and what was left out. */
function PickedSummary({ picked }: { picked: Picked }) {
  const bytes = picked.files.reduce((sum, { file }) => sum + file.size, 0);
  const zips = picked.files.filter(isZip).length;
  return (
    <div className="space-y-2 text-sm text-gray-800 dark:text-gray-100">
      <p data-testid="picked-summary">
        <strong>
          {countOf(picked.files.length, 'file')} ({formatBytes(bytes)})
        </strong>{' '}
        will be sent{zips > 0 ? `; ${zips === 1 ? 'the .zip is' : `the ${zips} .zip files are`} opened on the server, each image in it an item` : ''}.
        {picked.skipped.length > 0 && ` ${picked.skipped.length.toLocaleString('en-US')} skipped.`}
      </p>
      {picked.files.length > MAX_JOB_FILES && (
        <p className="text-red-800 dark:text-red-300">A job takes at most {MAX_JOB_FILES.toLocaleString('en-US')} files: split the folder into several jobs.</p>
      )}
      {picked.files.length > 0 && (
        <details>
          <summary className="cursor-pointer">Files to send</summary>
          <ul className="mt-1 max-h-60 list-disc overflow-y-auto break-words pl-5" aria-label="Files to send">
            {picked.files.slice(0, LISTED).map(({ path, file }) => (
              <li key={path}>
                {path} ({formatBytes(file.size)})
              </li>
            ))}
            {picked.files.length > LISTED && <li>and {(picked.files.length - LISTED).toLocaleString('en-US')} more</li>}
          </ul>
        </details>
      )}
      {picked.skipped.length > 0 && (
        <details>
          <summary className="cursor-pointer">Skipped files</summary>
          <ul className="mt-1 max-h-60 list-disc overflow-y-auto break-words pl-5" aria-label="Skipped files">
            {picked.skipped.slice(0, LISTED).map(({ path, reason }) => (
              <li key={path}>
                {path}: {reason}
              </li>
            ))}
            {picked.skipped.length > LISTED && <li>and {(picked.skipped.length - LISTED).toLocaleString('en-US')} more</li>}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * Drop a folder (walked recursively), images or a .zip; or choose them. The drop zone is itself a
 * button that opens the file picker, so the keyboard reaches everything the mouse does.
 */
export function FileDropZone({ picked, onPicked }: { picked: Picked | null; onPicked: (picked: Picked | null) => void }) {
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const read = fromDataTransfer(event.dataTransfer);
    setReading(true);
    void read()
      .then(onPicked)
      .finally(() => setReading(false));
  };
  const onChoose = (input: HTMLInputElement | null) => {
    if (!input?.files?.length) return;
    onPicked(fromFileList(input.files));
    // Chosen: clearing lets the same folder be chosen again.
    input.value = '';
  };

  return (
    <div className="space-y-3">
      <div
        data-dragging={dragging || undefined}
        data-testid="file-drop-zone"
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <button
          type="button"
          aria-describedby={hintId}
          onClick={() => filesInput.current?.click()}
          className={cn(
            'flex w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center text-sm font-semibold text-gray-900 transition-colors dark:text-white',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 dark:focus-visible:ring-blue-400 dark:focus-visible:ring-offset-gray-900',
            dragging
              ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950/50'
              : 'border-gray-300 bg-gray-50 hover:border-blue-500 hover:bg-blue-50/50 dark:border-gray-600 dark:bg-gray-800/50 dark:hover:border-blue-400',
          )}
        >
          <FolderUp className="size-6 text-blue-700 dark:text-blue-300" aria-hidden="true" />
          Drop a folder, images or a .zip here, or choose files
        </button>
      </div>
      <p id={hintId} className="text-sm text-gray-700 dark:text-gray-200">
        JPEG, PNG, GIF, WebP or AVIF, up to {MAX_JOB_FILES.toLocaleString('en-US')} files; each is named by its path in the folder. Hidden files are skipped.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => folderInput.current?.click()}>
          Choose a folder
        </Button>
        {picked && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onPicked(null)}>
            Clear the files
          </Button>
        )}
      </div>
      <input ref={filesInput} type="file" multiple accept={ACCEPT} hidden data-testid="pick-files" onChange={(event) => onChoose(event.currentTarget)} />
      <input ref={folderInput} type="file" multiple {...folderPicker} hidden data-testid="pick-folder" onChange={(event) => onChoose(event.currentTarget)} />
      <div aria-live="polite">{reading ? <p className="text-sm text-gray-700 dark:text-gray-200">Reading the folder…</p> : picked && <PickedSummary picked={picked} />}</div>
    </div>
  );
}
