import { useSearchParams } from 'react-router';

/**
 * The open tab of a page, kept in `?tab=` so a link or a reload opens it: `tabs[0]` is the default
 * and leaves the address bare; an unknown value opens the default. `preferred` stands in for a missing
 * `?tab=` (a quick action's `?new=class` opens the classes tab). Changing tabs replaces the history entry.
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]], preferred: T | null = null): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') ?? preferred;
  const tab = tabs.find((id) => id === requested) ?? tabs[0];
  const select = (value: string) => setParams(value === tabs[0] ? {} : { tab: value }, { replace: true });
  return [tab, select];
}
