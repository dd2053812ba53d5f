import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/class-names';

export const Tabs = TabsPrimitive.Root;
export const TabsContent = TabsPrimitive.Content;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  // Scrolls sideways inside itself when the tabs do not fit (a 320 px phone), never the page.
  return (
    <TabsPrimitive.List className={cn('flex w-full max-w-full gap-1 overflow-x-auto rounded-md bg-muted p-1', className)} {...props} />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'min-h-11 flex-1 shrink-0 whitespace-nowrap rounded-sm px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors sm:min-h-9 sm:px-3',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        'focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}

/** One TabsContent per entry of `panels`, in its order: the key is the tab's value, the entry its content. */
export function TabPanels({ panels, className }: { panels: Record<string, ReactNode>; className?: string }) {
  return (
    <>
      {Object.entries(panels).map(([value, panel]) => (
        <TabsContent key={value} value={value} className={className}>
          {panel}
        </TabsContent>
      ))}
    </>
  );
}
