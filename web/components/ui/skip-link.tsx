/**
 * The first focusable element of a page: hidden until focused, then a link past the header to `#main`
 * (WCAG 2.4.1). The page gives it its own translated label.
 */
export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
    >
      {label}
    </a>
  );
}
