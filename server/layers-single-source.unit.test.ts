import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the lint configuration is plain JavaScript without types
import { FEATURE_CALLS, SERVER_LAYERS as LINT_LAYERS } from '../eslint.config.js';
import { SERVER_LAYERS as ARROW_LAYERS } from '../scripts/import-arrows';

/**
 * The server's layer order and the table of which feature calls which are written in three places: the lint
 * zones (eslint.config.js), the arrow counter (scripts/import-arrows.ts) and docs/architecture.md "Layers of
 * the server". They must say the same thing, or one of them enforces or documents a rule the others do not.
 */
const root = path.join(import.meta.dirname, '..');

describe('one layer order, one table of feature calls', () => {
  it('the lint zones and the arrow counter order the layers alike', () => {
    // Each lint layer is named by its first folder: ./server/db → db; the composing files are the app.
    const lintNames = (LINT_LAYERS as string[][]).map((layer) => {
      const folder = layer[0]!.replace('./server/', '');
      return folder.endsWith('.ts') ? 'app' : folder;
    });
    expect(lintNames).toEqual([...ARROW_LAYERS]);
  });

  it('docs/architecture.md lists the same feature calls as the lint table', () => {
    const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Layers of the server'));
    const rows = section
      .slice(0, section.indexOf('\n## ', 3))
      .split('\n')
      .filter((line) => /^\| [a-z][a-z-]* +\|/.test(line) && !line.startsWith('| feature'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const documented = Object.fromEntries(
      rows.map(([, feature, calls]) => [
        feature,
        calls!
          .replace(/\(.*\)/, '')
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ]),
    );
    expect(documented).toEqual(FEATURE_CALLS);
  });
});
