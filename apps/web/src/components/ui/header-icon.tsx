/** A header icon button's look (the bell, the messages link): the same size, hover and focus ring. */
export const headerIconClass =
  'relative rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary';

/** The red count on a header icon, capped (9+, 99+); the icon's own label says the number to screen readers. */
export function IconCount({ count, cap, testId }: { count: number; cap: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
    >
      {count > cap ? `${cap}+` : count}
    </span>
  );
}
