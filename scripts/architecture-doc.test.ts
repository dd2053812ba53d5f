import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decisionsMissingFromIndex,
  missingFolders,
  namedPathsThatDoNotExist,
  prosePaths,
  sourceFolders,
  treePaths,
} from './architecture-doc';

/**
 * docs/architecture.md is the map a new engineer opens first, so it must not omit a folder nor name a
 * path that is gone (docs/decisions/194). After a folder is added, moved or renamed, this test names
 * the line to write or fix in the doc.
 */
const root = path.join(import.meta.dirname, '..');
const doc = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('shows every source folder of web/, server/, common/, scripts/ and e2e/ two levels deep', () => {
    expect(missingFolders(doc, sourceFolders(root))).toEqual([]);
  });

  it('names only paths that exist', () => {
    expect(namedPathsThatDoNotExist(doc, root)).toEqual([]);
  });

  it('has a decision index (docs/decisions/README.md) that links every record', () => {
    expect(decisionsMissingFromIndex(root)).toEqual([]);
  });

  // The checks themselves, on a planted doc: a folder left out and a path that is gone both fail.
  const planted = [
    '```',
    'web/                          the app',
    '  features/<area>/            one folder per area',
    '    tasks/                    the task list',
    '  locales/<lang>/<ns>.json    strings',
    'server/',
    '  lib/gone.ts                 a file that was moved',
    '```',
    'Prose names `web/lib/format.ts` and docs/decisions/151.',
  ].join('\n');

  it('reads the tree by its indentation, placeholders standing for their children', () => {
    expect(treePaths(planted)).toEqual([
      'web',
      'web/features',
      'web/features/tasks',
      'web/locales/<lang>/<ns>.json',
      'server',
      'server/lib/gone.ts',
    ]);
    expect(prosePaths(planted)).toEqual(['web/lib/format.ts', 'docs/decisions/151']);
  });

  it('fails on a planted folder the doc leaves out, and not on one a leaf placeholder covers', () => {
    expect(missingFolders(planted, ['web/features/tasks', 'web/features/grades', 'web/locales/en', 'server/lib'])).toEqual([
      'web/features/grades',
    ]);
  });

  it('fails on a planted path that does not exist, and not on a decision named by its number', () => {
    expect(namedPathsThatDoNotExist(planted, root)).toEqual(['server/lib/gone.ts']);
  });
});
