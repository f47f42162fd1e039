import clsx from 'clsx';

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={clsx('flex items-center justify-center gap-3 text-slate-500', className)}>
      <span className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
