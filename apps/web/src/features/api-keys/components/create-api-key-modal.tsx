import { API_KEY_NAME_MAX_LENGTH, apiKeyNameSchema } from '@altwise/shared';
import { useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';

export interface CreateApiKeyModalProps {
  open: boolean;
  isCreating: boolean;
  /** The server's refusal (e.g. the key limit), shown inside the dialog. */
  error: string | null;
  /** Focused when the dialog closes after a create: the new key. */
  createdRef: RefObject<HTMLElement | null>;
  onCancel(): void;
  onCreate(name: string): void;
}

/**
 * Asks for the new key's name, which then tells the key apart on screen and in every control's
 * name ("Show API key Production"). Errors stay inside the dialog: while it is open, everything
 * outside it (the toasts too) is hidden from assistive technology.
 */
export function CreateApiKeyModal({ open, isCreating, error, createdRef, onCancel, onCreate }: CreateApiKeyModalProps) {
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isCreating) return;
    const parsed = apiKeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setNameError(undefined);
    onCreate(parsed.data);
  };

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!isCreating) onCancel();
      }}
      title="Create API key"
      initialFocusRef={inputRef}
      finalFocusRef={createdRef}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={isCreating}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="gradient" isLoading={isCreating} loadingText="Creating...">
            Create key
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          ref={inputRef}
          label="Key name"
          name="name"
          autoComplete="off"
          maxLength={API_KEY_NAME_MAX_LENGTH}
          placeholder="e.g. Production"
          hint="Helps you tell your keys apart, e.g. Production, Staging or My blog."
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError) setNameError(apiKeyNameSchema.safeParse(event.target.value).error?.issues[0]?.message);
          }}
        />
        {error && (
          <InlineAlert tone="error" role="alert" title="The key was not created">
            <p>{error}</p>
          </InlineAlert>
        )}
      </form>
    </Modal>
  );
}
