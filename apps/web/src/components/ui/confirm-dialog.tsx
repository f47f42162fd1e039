import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  isBusy?: boolean;
  /** The action cannot be undone: its button is red. */
  isDestructive?: boolean;
  /** Shown under the description while the action failed (it can be tried again). */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that is hard to undo (accepting a proposal, closing a project, withdrawing). */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  cancelLabel,
  isBusy,
  isDestructive = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} title={title} description={description} closeLabel={cancelLabel}>
      {error ? <div className="mb-4">{error}</div> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={isBusy}>
          {cancelLabel}
        </Button>
        <Button type="button" variant={isDestructive ? 'danger' : 'primary'} onClick={onConfirm} disabled={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
