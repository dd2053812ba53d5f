import * as TabsPrimitive from '@radix-ui/react-tabs';
import { createContext, useCallback, useContext, useId, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/class-names';

/** The chosen tab and the ids that tie each tab to its panel, for the panels below (Radix keeps its own private). */
const TabsState = createContext<{ value: string; baseId: string } | null>(null);

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

function useTabsState(part: string) {
  const state = useContext(TabsState);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

/**
 * Radix's tabs (the list's roving focus and arrow keys, automatic activation), controlled or not as
 * Radix's are, with panels of our own below: Radix wraps each panel in `Presence`, whose mount reads the
 * panel's computed animation name, which computes the styles of the whole new page inside React's commit
 * (a long task of each tabbed page's load at 4× CPU, decision 268). Our panels are never animated.
 */
export function Tabs({ value, defaultValue, onValueChange, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const current = value ?? uncontrolled;
  const baseId = useId();
  const change = useCallback(
    (next: string) => {
      if (value === undefined) setUncontrolled(next);
      onValueChange?.(next);
    },
    [value, onValueChange],
  );
  const state = useMemo(() => ({ value: current, baseId }), [current, baseId]);
  return (
    <TabsState.Provider value={state}>
      <TabsPrimitive.Root value={current} onValueChange={change} {...props} />
    </TabsState.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  // Scrolls sideways inside itself when the tabs do not fit (a 320 px phone), never the page.
  return (
    <TabsPrimitive.List className={cn('flex w-full max-w-full gap-1 overflow-x-auto rounded-md bg-muted p-1', className)} {...props} />
  );
}

export function TabsTrigger({ className, value, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const { baseId } = useTabsState('TabsTrigger');
  return (
    <TabsPrimitive.Trigger
      value={value}
      className={cn(
        'min-h-11 flex-1 shrink-0 whitespace-nowrap rounded-sm px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors sm:min-h-9 sm:px-3',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        'focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
      // After the props: Radix's trigger takes these from its own ids, which our panels cannot read.
      id={tabId(baseId, value)}
      aria-controls={panelId(baseId, value)}
    />
  );
}

/**
 * A tab's panel, as Radix's renders it: the chosen one with its content; the others empty and hidden, so
 * that every tab's `aria-controls` names an element. `forceMount` keeps the content of a panel not chosen
 * (hidden by its class through `data-state`), as a timer that must keep running is.
 */
export function TabsContent({
  value,
  forceMount,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'id' | 'role'> & { value: string; forceMount?: boolean }) {
  const { value: chosen, baseId } = useTabsState('TabsContent');
  const active = chosen === value;
  const shown = active || forceMount === true;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={tabId(baseId, value)}
      data-state={active ? 'active' : 'inactive'}
      hidden={!shown}
      tabIndex={0}
      {...props}
    >
      {shown ? children : null}
    </div>
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
