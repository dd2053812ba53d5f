import { createContext, useContext, useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { whenIdle } from '../../lib/idle';
import type * as DialogLayerModule from './dialog-layer';

export { SHEET_CLASSES } from './sheet-classes';

type DialogLayer = typeof DialogLayerModule;

/**
 * The dialogs' Radix layers load on demand (decision 234): a page paints without them; they are fetched
 * once the page is idle after a dialog's opener mounts, and at the latest when a dialog first opens (one
 * module for every dialog and confirmation). Once loaded, a dialog opens in the same render.
 */
let layer: Promise<DialogLayer> | undefined;
/** The layer once it has loaded: a dialog opened after that shows in the same render. */
let loaded: DialogLayer | undefined;
export function loadDialogLayer(): Promise<DialogLayer> {
  layer ??= import('./dialog-layer').then(
    (module) => (loaded = module),
    (error: unknown) => {
      layer = undefined; // the next dialog to open asks again
      throw error;
    },
  );
  return layer;
}

/**
 * The dialogs' layer once `wanted` (a dialog has opened), or undefined while it loads: the component
 * renders nothing meanwhile, then again with it. State, not `use()` under Suspense: with those a
 * dialog's form stopped showing its validation errors (its component tests caught it).
 */
export function useDialogLayer(wanted = true): DialogLayer | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (wanted && !module) void loadDialogLayer().then(setModule, () => {});
  }, [wanted, module]);
  return module ?? (wanted ? loaded : undefined);
}

/** Starts loading the dialogs' layer when the page is idle (a page that shows a dialog's opener). */
export function usePreloadedDialogLayer(): void {
  useEffect(() => whenIdle(() => void loadDialogLayer().catch(() => {})), []);
}

/** True from the first render with `open`, for good: a dialog stays mounted once shown, so it can close. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

type RootProps = { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode };
type DialogState = { open: boolean; onOpenChange: (open: boolean) => void; opened: boolean };
const DialogStateContext = createContext<DialogState | null>(null);

/**
 * A modal dialog, controlled by its opener's state. It renders its children as they are (an opener may
 * sit beside the sheet); its `DialogContent` renders nothing, and no Radix code loads for it, until it
 * first opens. Once opened the sheet stays mounted, so it closes with its animation and gives focus back.
 */
export function Dialog({ open, onOpenChange, children }: RootProps) {
  usePreloadedDialogLayer();
  const opened = useOpenedOnce(open);
  const state = useMemo(() => ({ open, onOpenChange, opened }), [open, onOpenChange, opened]);
  return <DialogStateContext.Provider value={state}>{children}</DialogStateContext.Provider>;
}

/**
 * The dialog's sheet: focus trapped, title and description announced, and the focus rules of
 * components/ui/focus-rules.ts — it opens on its first field (not on ✕), gives focus back to what
 * opened it (or to `returnFocus()` when that is gone), and Escape closes the innermost layer first.
 * Centred on wider screens, a bottom sheet on phones (dialog-layer.tsx). The Radix root is here, around
 * the sheet only, so what sits beside it in `Dialog` keeps its place in the tree when the layer loads.
 */
export function DialogContent(props: ComponentProps<DialogLayer['DialogContentLayer']>) {
  const state = useContext(DialogStateContext);
  if (!state) throw new Error('DialogContent is used inside a Dialog');
  const layer = useDialogLayer(state.opened);
  if (!state.opened || !layer) return null;
  return (
    <layer.DialogRoot open={state.open} onOpenChange={state.onOpenChange}>
      <layer.DialogContentLayer {...props} />
    </layer.DialogRoot>
  );
}
