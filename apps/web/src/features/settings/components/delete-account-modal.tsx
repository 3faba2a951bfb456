import { DELETE_CONFIRMATION_WORD, VALIDATION } from '@altwise/shared';
import { useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';

export interface DeleteAccountModalProps {
  open: boolean;
  onClose(): void;
  /** Called after the server deleted the account. */
  onDeleted(): void;
}

/**
 * Asks for the word DELETE (case-sensitive) before DELETE /v1/user. The confirm button is
 * enabled only by the exact word; Enter with anything else explains what to type.
 */
export function DeleteAccountModal({ open, onClose, onDeleted }: DeleteAccountModalProps) {
  const [confirmation, setConfirmation] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const remove = useDeleteAccount();
  const confirmed = confirmation === DELETE_CONFIRMATION_WORD;

  const close = () => {
    if (remove.isPending) return;
    setConfirmation('');
    onClose();
  };

  const submit = async () => {
    if (remove.isPending) return;
    if (!confirmed) {
      toast.error(VALIDATION.deleteConfirmation);
      return;
    }
    try {
      await remove.mutateAsync();
      // Deletion is immediate (DELETE /v1/user answers once it is done): say that, not "request submitted".
      toast.success('Your account and its data were deleted');
      setConfirmation('');
      onDeleted();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  // A disabled submit button blocks the browser's own Enter-to-submit; handle Enter here.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submit();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      role="alertdialog"
      title="Delete your account?"
      description="This permanently deletes your account, your API keys and your generation history. It cannot be undone."
      initialFocusRef={inputRef}
    >
      <form noValidate onSubmit={onSubmit} aria-label="Confirm account deletion">
        <TextField
          ref={inputRef}
          label={
            <>
              Type <span className="font-mono font-bold">{DELETE_CONFIRMATION_WORD}</span> to confirm
            </>
          }
          name="confirmation"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!confirmed} isLoading={remove.isPending} loadingText="Deleting...">
            Delete my account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
