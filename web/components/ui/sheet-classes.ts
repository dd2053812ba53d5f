/**
 * Centred on wider screens, a bottom sheet on phones (thumb reach), with 44 px targets inside on
 * phones (styles.css `[data-sheet]`). Shared with ConfirmDialog. Joined, not merged with `cn`: no class
 * here overrides another, and a `cn` call at a module's top level builds tailwind-merge's tables inside
 * the module's evaluation, before the start's warm-up can (decision 273).
 */
export const SHEET_CLASSES = [
  'fixed z-50 overflow-y-auto border bg-card shadow-xl focus:outline-none',
  // Phone: a sheet from the bottom edge, above the home indicator.
  'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-xl p-4 pb-[max(1rem,env(safe-area-inset-bottom))]',
  // Wider: a centred card.
  'sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-h-[90vh] sm:w-[calc(100vw-1.5rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:p-5',
].join(' ');
