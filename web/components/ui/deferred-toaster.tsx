import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../../lib/idle';
import { useCurrentToast } from '../../lib/toast';

type ToasterProps = { closeLabel: string; label: string; regionLabel: string };
type ToasterComponent = ComponentType<ToasterProps>;

let loaded: ToasterComponent | null = null;
let loading: Promise<ToasterComponent> | null = null;

/** Loads the Radix toaster once; a failed load (offline) is tried again on the next call. */
function loadToaster(): Promise<ToasterComponent> {
  loading ??= import('./toaster').then(
    (module) => (loaded = module.Toaster),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The toaster (lib/toast.ts's one current toast) without its Radix code on the critical path
 * (docs/decisions/097-app-shell-budget.md): the code loads once the page is idle, or at once when a
 * toast arrives first. Toasts wait in lib/toast.ts's store meanwhile, so none is lost; a failed load is
 * retried with the next toast.
 */
export function DeferredToaster(props: ToasterProps) {
  const current = useCurrentToast();
  const [Toaster, setToaster] = useState<ToasterComponent | null>(() => loaded);
  useEffect(() => {
    if (Toaster) return;
    let cancelled = false;
    const load = () => {
      loadToaster().then(
        (component) => {
          if (!cancelled) setToaster(() => component);
        },
        () => {
          // Offline: the next toast (or the next idle period after a remount) tries again.
        },
      );
    };
    if (current) {
      load();
      return () => {
        cancelled = true;
      };
    }
    const cancelIdle = whenIdle(load);
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [Toaster, current]);
  return Toaster ? <Toaster {...props} /> : null;
}
