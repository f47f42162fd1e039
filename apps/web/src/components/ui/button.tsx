import { Slot } from '@radix-ui/react-slot';
import clsx from 'clsx';
import type { ComponentProps } from 'react';

const variants = {
  primary: 'bg-primary-strong text-white shadow-sm hover:bg-primary-strong/90',
  secondary: 'bg-white text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  inverse: 'bg-white text-primary-strong shadow-sm hover:bg-white/90',
  /** An action that ends something running (a timer). */
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
} as const;

const sizes = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-5 text-sm', lg: 'h-12 px-6 text-base' } as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Renders the child (a link) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild = false, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      className={clsx(
        'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:pointer-events-none disabled:opacity-60',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
