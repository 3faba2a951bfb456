import type { Job } from '@altwise/sdk';
import { JOB_NAME_MAX_LENGTH, jobNameSchema } from '@altwise/shared';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRenameJob } from '../api/rename-job';

/**
 * The job's name (given or its source's) with a Rename button; renaming opens a one-field form in
 * place. Focus goes into the field on opening and back to the button on closing, saved or not.
 */
export function JobName({ job }: { job: Job }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(job.name);
  const [error, setError] = useState<string>();
  const rename = useRenameJob(job.id);
  const fieldRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) fieldRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = jobNameSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      fieldRef.current?.focus();
      return;
    }
    rename.mutate(parsed.data, {
      onSuccess: (renamed) => {
        toast.success(`Job renamed to ${renamed.name}`);
        close();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <div className="mb-4">
      {editing ? (
        <form noValidate onSubmit={onSubmit} aria-label="Rename the job" className="flex flex-wrap items-end gap-3">
          <TextField
            ref={fieldRef}
            label="Job name"
            name="name"
            value={draft}
            maxLength={JOB_NAME_MAX_LENGTH}
            error={error}
            containerClassName="min-w-0 flex-1"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') close();
            }}
          />
          <div className="flex gap-3">
            <Button type="submit" isLoading={rename.isPending} loadingText="Saving...">
              Save name
            </Button>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="min-w-0 break-words text-gray-800 dark:text-gray-100">
            Name: <strong data-testid="job-name">{job.name}</strong>
          </p>
          <Button
            ref={buttonRef}
            variant="outline"
            size="sm"
            onClick={() => {
              setDraft(job.name);
              setEditing(true);
            }}
          >
            Rename job
          </Button>
        </div>
      )}
    </div>
  );
}
