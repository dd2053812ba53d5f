import { useCallback, useRef } from 'react';

/**
 * Focus back to the control that opened a dialog (the house rule), for dialogs opened from a menu or a
 * row button rather than a Radix trigger: `remember()` when opening, `restore()` once it has closed.
 */
export function useOpenerFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => {
    const element = opener.current;
    // After Radix has finished closing (it moves focus itself on unmount).
    if (element) window.setTimeout(() => element.isConnected && element.focus(), 0);
  }, []);
  return { remember, restore };
}
