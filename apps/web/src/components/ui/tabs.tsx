import * as TabsPrimitive from '@radix-ui/react-tabs';
import clsx from 'clsx';
import type { ComponentProps } from 'react';

export const Tabs = TabsPrimitive.Root;

export const TabsList = ({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) => (
  <TabsPrimitive.List className={clsx('flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1', className)} {...props} />
);

export const TabsTrigger = ({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) => (
  <TabsPrimitive.Trigger
    className={clsx(
      'flex-1 shrink-0 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:bg-white data-[state=active]:text-slate-950 data-[state=active]:shadow-sm',
      className,
    )}
    {...props}
  />
);

export const TabsContent = TabsPrimitive.Content;
