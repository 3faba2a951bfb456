import { useRef } from 'react';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { Modal } from '@/components/modal';

export interface RotateWebhookSecretModalProps {
  open: boolean;
  isRotating: boolean;
  /** The server's refusal, shown inside the dialog (toasts outside it are hidden while it is open). */
  error: string | null;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * Confirms a rotation, which cannot be undone: the old secret stops signing at once, so every
 * receiver still verifying with it rejects the next events. Focus starts on Cancel, the safe choice.
 */
export function RotateWebhookSecretModal({ open, isRotating, error, onCancel, onConfirm }: RotateWebhookSecretModalProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!isRotating) onCancel();
      }}
      role="alertdialog"
      title="Rotate the signing secret?"
      description="The current secret stops signing at once. Webhook receivers that verify with the old secret will reject new events until you update them with the new one, which is shown only once."
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={isRotating}>
            Cancel
          </Button>
          <Button variant="danger" isLoading={isRotating} loadingText="Rotating…" onClick={onConfirm}>
            Rotate secret
          </Button>
        </>
      }
    >
      {error && (
        <InlineAlert tone="error" role="alert" title="The secret was not rotated">
          <p>{error}</p>
        </InlineAlert>
      )}
    </Modal>
  );
}
