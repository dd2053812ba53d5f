import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One name per feature on both floors (docs/decisions/192-web-features-named-as-the-servers.md): a web
 * feature folder is named after the server feature it talks to, so `feedback` is feedback in web/features,
 * server/features, common/schemas and the locale namespace alike. Issue 36 found web `support` standing for
 * the server's feedback + notifications and web `premium-files` for its templates; this keeps them from
 * drifting apart again.
 */

/**
 * Web areas with no server feature of their own: they read no resource of their own, or only static content.
 * A new folder goes here only if it truly has no server side; otherwise name it as the server does.
 */
const WEB_ONLY_AREAS = [
  // The help centre: articles bundled with the app (help/content/<lang>.json), searched in the browser.
  'help',
  // The public landing page, prerendered at build time from the domain rules on sample data.
  'landing',
  // Privacy policy and terms: static text.
  'legal',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The web feature folders named neither as a server feature nor in WEB_ONLY_AREAS. */
const misnamed = (webFeatures: readonly string[], serverFeatures: readonly string[]) =>
  webFeatures.filter((feature) => !serverFeatures.includes(feature) && !WEB_ONLY_AREAS.includes(feature));

describe('web features carry the server features’ names', () => {
  const webFeatures = folders('web/features');
  const serverFeatures = folders('server/features');

  it('every web/features folder is a server feature or a listed web-only area', () => {
    expect(misnamed(webFeatures, serverFeatures)).toEqual([]);
  });

  it('finds the names issue 36 found drifting (a planted web/features/support and premium-files)', () => {
    expect(misnamed([...webFeatures, 'support', 'premium-files'], serverFeatures)).toEqual(['support', 'premium-files']);
  });

  it('every web-only area exists and has no server feature of the same name (else it is not web-only)', () => {
    for (const area of WEB_ONLY_AREAS) {
      expect(webFeatures).toContain(area);
      expect(serverFeatures).not.toContain(area);
    }
  });
});
