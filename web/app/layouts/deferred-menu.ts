import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';

/**
 * A header menu whose code (Radix's dropdown menu and floating-ui, about 20 KB gzip) loads on the
 * first sign that the user means to open it, not before the dashboard is usable
 * (docs/decisions/101-shell-menus-on-intent.md). Until then the shell renders the menu's trigger as a
 * plain button with the same look and name. Hovering or focusing it starts the load and the real
 * trigger takes its place (focus moves along); pressing it (pointer down, Enter, Space, ArrowDown —
 * what opens Radix's trigger) before the code has arrived opens the menu as soon as it does.
 */
export type DeferredMenu<P> = {
  /** The loaded menu, or null while the plain trigger stands in. */
  Menu: ComponentType<P & DeferredMenuProps> | null;
  /** Props of the menu when it is rendered: open at once, focus on its trigger. */
  menuProps: DeferredMenuProps;
  /** Handlers and ref for the plain trigger. */
  triggerProps: {
    ref: RefObject<HTMLButtonElement | null>;
    onPointerEnter: () => void;
    onFocus: () => void;
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
    'aria-haspopup': 'menu';
    'aria-expanded': false;
  };
};

export type DeferredMenuProps = {
  /** Opens the menu when it mounts: it was pressed while its code loaded. */
  defaultOpen: boolean;
  /** Focuses the menu's trigger when it mounts: the plain trigger had the focus. */
  focusTrigger: boolean;
};

const loaded = new WeakMap<() => Promise<unknown>, unknown>();
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * `load` must be a module-level function (it keys the cache of loaded menus, so a remounted shell
 * does not load or swap again).
 */
export function useDeferredMenu<P>(load: () => Promise<ComponentType<P & DeferredMenuProps>>, onOpenRequest?: () => void): DeferredMenu<P> {
  const [Menu, setMenu] = useState<ComponentType<P & DeferredMenuProps> | null>(
    () => (loaded.get(load) as ComponentType<P & DeferredMenuProps> | undefined) ?? null,
  );
  const [defaultOpen, setDefaultOpen] = useState(false);
  const [focusTrigger, setFocusTrigger] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const request = (open: boolean) => {
    if (open) {
      setDefaultOpen(true);
      onOpenRequest?.();
    }
    if (Menu || loading.current) return;
    loading.current = true;
    load().then(
      (component) => {
        loading.current = false;
        loaded.set(load, component);
        if (!mounted.current) return;
        setFocusTrigger(document.activeElement === triggerRef.current);
        setMenu(() => component);
      },
      () => {
        // A failed load (offline) is tried again on the next hover, focus or press.
        loading.current = false;
        setDefaultOpen(false);
      },
    );
  };

  return {
    Menu,
    menuProps: { defaultOpen, focusTrigger },
    triggerProps: {
      ref: triggerRef,
      onPointerEnter: () => request(false),
      onFocus: () => request(false),
      onPointerDown: (event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        request(true);
      },
      onKeyDown: (event) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        request(true);
      },
      'aria-haspopup': 'menu',
      'aria-expanded': false,
    },
  };
}
