import clsx from 'clsx';
import type { ReactNode } from 'react';

const tones = {
  error: 'bg-red-50 text-red-800 ring-red-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  info: 'bg-sky-50 text-sky-900 ring-sky-200',
} as const;

/** A message about the last action; errors are announced at once, the rest politely. */
export function Alert({ tone, children, className }: { tone: keyof typeof tones; children: ReactNode; className?: string }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx('rounded-lg px-4 py-3 text-sm ring-1 ring-inset', tones[tone], className)}
    >
      {children}
    </div>
  );
}
