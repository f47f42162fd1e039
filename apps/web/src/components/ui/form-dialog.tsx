import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

interface FormDialogProps {
  isOpen: boolean;
  /** Called by Cancel, the close button, Escape and a click outside. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  closeLabel: string;
  cancelLabel: string;
  submitLabel: string;
  isPending: boolean;
  /** What went wrong with the last attempt, shown above the buttons. */
  failure: string | null;
  onSubmit: () => void;
  /** Extra classes for the form, such as a scrolling height for long forms. */
  className?: string;
  children: ReactNode;
}

/** A dialog holding one form: its fields, the last failure, then Cancel and the submit button (stacked on phones). */
export function FormDialog({
  isOpen,
  onClose,
  title,
  description,
  closeLabel,
  cancelLabel,
  submitLabel,
  isPending,
  failure,
  onSubmit,
  className = 'space-y-4',
  children,
}: FormDialogProps) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={title} description={description} closeLabel={closeLabel}>
      <form
        noValidate
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" disabled={isPending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
