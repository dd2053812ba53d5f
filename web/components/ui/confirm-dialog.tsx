import { useDialogLayer, useOpenedOnce, usePreloadedDialogLayer } from './dialog';
import type { ConfirmProps } from './dialog-layer';

type Props = ConfirmProps & { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The confirmation docs/product.md §5 requires before every delete. Its Radix layer loads when the page
 * is idle or when it first opens (decision 234); until then it renders nothing.
 */
export function ConfirmDialog(props: Props) {
  usePreloadedDialogLayer();
  const opened = useOpenedOnce(props.open);
  const layer = useDialogLayer(opened);
  return opened && layer ? <layer.ConfirmLayer {...props} /> : null;
}
