import { useCallback, useEffect, useRef } from 'react';
import { pushLayer } from './layer-stack';

/** The form fields a dialog opens on, in DOM order (never the ✕ button, which comes first). */
const FIELD_SELECTOR = [
  '[data-autofocus]',
  'input:not([type="hidden"]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
].join(',');

const TABBABLE_SELECTOR =
  'button:not([disabled]), a[href], input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const visible = (element: HTMLElement) => !element.closest('[hidden], [aria-hidden="true"]');

/**
 * Where a dialog puts focus when it opens: its first form field; without one, its first control that
 * is not the close button; failing that the close button, and the dialog itself as a last resort.
 */
export function initialFocusTarget(content: HTMLElement): HTMLElement {
  const field = [...content.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].find(visible);
  if (field) return field;
  const tabbables = [...content.querySelectorAll<HTMLElement>(TABBABLE_SELECTOR)].filter(visible);
  return tabbables.find((element) => !element.hasAttribute('data-dialog-close')) ?? tabbables[0] ?? content;
}

/**
 * Gives focus back when a dialog closes: to the element that opened it while it is still on the page
 * and can take focus (not removed, not disabled: a reward that became unaffordable); otherwise to
 * what `fallback` names (a menu item that opened it is gone by then, so the shell names the menu's
 * button); otherwise to the page's main heading — never to `<body>`. Returns the element focused.
 */
export function restoreFocus(opener: Element | null, fallback?: () => HTMLElement | null): HTMLElement | null {
  const candidates = [opener instanceof HTMLElement ? opener : null, fallback?.() ?? null];
  for (const candidate of candidates) {
    if (!candidate?.isConnected || candidate === document.body || candidate.matches(':disabled') || candidate.closest('[inert]')) continue;
    candidate.focus();
    if (document.activeElement === candidate) return candidate;
  }
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return heading;
}

/**
 * The focus rules of every modal layer (DialogContent, ConfirmDialog), in one place. Spread the result
 * on the Radix `Content`:
 * - `attach` (its ref) notes the element focused when the layer appears (the ref is attached before Radix moves
 *   focus), kept for `onCloseAutoFocus` because Radix gives focus back only to a `Dialog.Trigger`, and
 *   most dialogs here open from state; while attached, the layer is in the layer stack, so Escape
 *   closes the innermost layer;
 * - `onOpenAutoFocus` focuses the first field (initialFocusTarget).
 */
export function useModalFocus({ onClose, returnFocus }: { onClose: () => void; returnFocus?: () => HTMLElement | null }) {
  const opener = useRef<Element | null>(null);
  const release = useRef<(() => void) | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const attach = useCallback((node: HTMLElement | null) => {
    release.current?.();
    release.current = null;
    if (!node) return;
    opener.current = document.activeElement;
    release.current = pushLayer({ close: () => closeRef.current() });
  }, []);
  useEffect(() => () => release.current?.(), []);
  const onOpenAutoFocus = useCallback((event: Event) => {
    const content = event.target instanceof HTMLElement ? event.target : null;
    if (!content) return;
    event.preventDefault();
    initialFocusTarget(content).focus();
  }, []);
  const returnRef = useRef(returnFocus);
  useEffect(() => {
    returnRef.current = returnFocus;
  });
  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    restoreFocus(opener.current, returnRef.current);
    opener.current = null;
  }, []);
  return { attach, onOpenAutoFocus, onCloseAutoFocus };
}
