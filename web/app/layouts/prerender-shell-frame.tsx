import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { SHELL_NEEDS } from '../../../common/domain/first-route-needs';
import { prerenderI18n } from '../../lib/bundled-translations';
import { LANGUAGES } from '../../lib/i18n';
import { AppShell } from './app-shell';
import { NAV_ITEMS } from './bottom-nav';
import { FRAMED_PAGES } from '../../components/ui/page-frame';

/**
 * The shell's frame (docs/decisions/169-prerendered-shell-frame.md): what AppShell renders before the
 * session and the page have answered — promotional banner, header, a loading page (with its heading on
 * a framed page, decision 229) and the bottom navigation — rendered by the build for each language, each
 * page whose navigation item is active and each framed page ('' for the other pages). The server writes it into shell.html, so a signed-in page paints its
 * frame from the document alone; the app's first render is the same markup and replaces it in place.
 * `data-shell-frame` lets the inline stylesheet hide what the browser's stored state rules out before
 * the first paint (theme-boot.js), and `data-shell-frame-end` keeps the frame out of the layout until
 * the parser has read all of it (decision 266).
 */
export type ShellFrames = Record<string, Record<string, string>>;
// The framed pages without a navigation item (/files, /account) have frames of their own: their heading.
export const SHELL_FRAME_PATHS = [
  ...new Set(['', ...NAV_ITEMS.map((item) => item.path), ...Object.keys(FRAMED_PAGES)]),
] as readonly string[];
/** The shell's namespaces and the framed pages' (their titles). */
const FRAME_NAMESPACES = [...SHELL_NEEDS.namespaces, ...Object.values(FRAMED_PAGES).map((page) => page.namespace)];

export async function prerenderShellFrames(): Promise<ShellFrames> {
  const frames: ShellFrames = {};
  for (const language of LANGUAGES) {
    const i18n = await prerenderI18n(language, FRAME_NAMESPACES);
    frames[language] = {};
    for (const path of SHELL_FRAME_PATHS) {
      // A client that never fetches: every query is pending, as in the app's first render.
      const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
      frames[language][path] = renderToString(
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <StaticRouter location={path || '/help'}>
              <div data-shell-frame="">
                <AppShell />
                {/* The frame's last element: until the parser has reached it, the frame is not laid out (web/styles.css). */}
                <span data-shell-frame-end="" hidden />
              </div>
            </StaticRouter>
          </QueryClientProvider>
        </I18nextProvider>,
      );
    }
  }
  return frames;
}
