import './lib/zod-jitless';
import './styles.css';
import { afterNextPaint } from './lib/after-next-paint';

/**
 * The entry: the app's code is evaluated once the document's own content has painted — a signed-in
 * page's prerendered frame, else the spinner (docs/decisions/169-prerendered-shell-frame.md). On a
 * phone whose network is fast and CPU slow, evaluating the app first held that paint for the 100–300 ms
 * the code takes to run; now the frame shows, then the app starts. The code itself is not waited for:
 * the page preloads it beside this file.
 */
afterNextPaint(() => void import('./start'));
