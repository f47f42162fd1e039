import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

/** The page's column; `isWide` for bars that hold many items (the header). */
export function Container({ className, isWide = false, ...props }: HTMLAttributes<HTMLDivElement> & { isWide?: boolean }) {
  return <div className={clsx('mx-auto w-full px-4 sm:px-6 lg:px-8', isWide ? 'max-w-7xl' : 'max-w-6xl', className)} {...props} />;
}
