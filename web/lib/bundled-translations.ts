/**
 * Every translation of every language, bundled: for the build's server-side renders only (the
 * prerendered landing pages and the shell's frame), which have no loading state to render. The web
 * app itself loads each namespace on demand (web/lib/i18n.ts).
 */
const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export function bundledTranslations(): Record<string, Record<string, Record<string, unknown>>> {
  const all: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, content] of Object.entries(localeFiles)) {
    const match = /locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    (all[match[1]] ??= {})[match[2]] = content;
  }
  return all;
}
