import type { ApiKey } from '@altwise/shared';
import { useRef } from 'react';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { keyEnding } from '../mask-api-key';

export interface DeleteApiKeyModalProps {
  apiKey: ApiKey | null;
  isDeleting: boolean;
  onCancel(): void;
  onConfirm(apiKey: ApiKey): void;
}

/** Confirms a revocation; focus starts on Cancel, the safe choice. */
export function DeleteApiKeyModal({ apiKey, isDeleting, onCancel, onConfirm }: DeleteApiKeyModalProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ending = apiKey ? keyEnding(apiKey.apiKey) : '';
  return (
    <Modal
      open={apiKey !== null}
      onClose={() => {
        if (!isDeleting) onCancel();
      }}
      role="alertdialog"
      title="Delete API key?"
      description={`The key "${apiKey?.name ?? ''}" (ending in ${ending}) stops working at once: every app that uses it will be refused. This cannot be undone.`}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={isDeleting}>
            Cancel
          </Button>
          <Button variant="danger" isLoading={isDeleting} loadingText="Deleting..." onClick={() => apiKey && onConfirm(apiKey)}>
            Delete key
          </Button>
        </>
      }
    />
  );
}
