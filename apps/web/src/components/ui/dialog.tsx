import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

interface DialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description?: ReactNode;
  closeLabel: string;
  /** How wide it may grow: md for a question or a short form, lg for a record's details. */
  size?: 'md' | 'lg';
  children: ReactNode;
}

const widths = { md: 'max-w-md', lg: 'max-w-3xl' } as const;

/** A modal dialog: focus is trapped inside, Escape closes it, and its title names it for screen readers. */
export function Dialog({ isOpen, onOpenChange, title, description, closeLabel, size = 'md', children }: DialogProps) {
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <DialogPrimitive.Content
          className={`fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none sm:p-8 ${widths[size]}`}
        >
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="text-xl font-semibold text-slate-950">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label={closeLabel}
            >
              <X className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          {description ? (
            <DialogPrimitive.Description className="mt-2 text-sm text-slate-600">{description}</DialogPrimitive.Description>
          ) : null}
          <div className="mt-6">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
