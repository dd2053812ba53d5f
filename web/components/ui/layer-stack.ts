/**
 * The open modal layers (dialogs and confirmations), innermost last. Escape belongs to the innermost
 * layer a person is working in: a toast that appears while a dialog is open is drawn above it, and
 * Radix would close the toast first; the toaster asks here and closes the dialog instead
 * (components/ui/toaster.tsx). A layer registers while it is mounted.
 */
type Layer = { close: () => void };

const layers: Layer[] = [];

export function pushLayer(layer: Layer): () => void {
  layers.push(layer);
  return () => {
    const index = layers.lastIndexOf(layer);
    if (index >= 0) layers.splice(index, 1);
  };
}

/** Closes the innermost open layer; false when none is open. */
export function closeInnermostLayer(): boolean {
  const layer = layers.at(-1);
  if (!layer) return false;
  layer.close();
  return true;
}

export function openLayerCount(): number {
  return layers.length;
}
