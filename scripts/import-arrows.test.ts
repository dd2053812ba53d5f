import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countsByDirection, featureCycles, importEdges, placeOf, report, sourceFiles, wrongWay } from './import-arrows';

/** scripts/import-arrows.ts on small planted trees (decision 189). */
let repo = '';

function plant(files: Record<string, string>): string {
  repo = mkdtempSync(path.join(os.tmpdir(), 'import-arrows-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  }
  return repo;
}

afterEach(() => rmSync(repo, { recursive: true, force: true }));

const edgesOf = (root: string) => importEdges(root, sourceFiles(root, ['server', 'web', 'common']));

describe('import arrows', () => {
  it('places files in their layers; tests and harnesses are outside them', () => {
    expect(placeOf('server/db/client.ts')?.layer).toBe('db');
    expect(placeOf('server/env.ts')?.layer).toBe('db');
    expect(placeOf('server/lib/jobs.ts')?.layer).toBe('lib');
    expect(placeOf('server/plugins/session.ts')?.layer).toBe('plugins');
    expect(placeOf('server/features/tasks/tasks.service.ts')).toEqual({ root: 'server', layer: 'features', rank: 3, feature: 'tasks' });
    expect(placeOf('server/app.ts')?.layer).toBe('app');
    expect(placeOf('web/lib/format.ts')?.layer).toBe('lib');
    expect(placeOf('web/api/session.ts')?.layer).toBe('api');
    expect(placeOf('web/features/home/home-page.tsx')?.feature).toBe('home');
    expect(placeOf('web/start.tsx')?.layer).toBe('app');
    expect(placeOf('common/domain/gpa.ts')?.layer).toBe('common');
    expect(placeOf('server/features/tasks/tasks.routes.test.ts')).toBeNull();
    expect(placeOf('server/test/test-app.ts')).toBeNull();
    expect(placeOf('web/test/component-harness.tsx')).toBeNull();
  });

  it('resolves relative imports (extension, index, import type, export from, dynamic import); packages are skipped', () => {
    const root = plant({
      'server/lib/a.ts': [
        "import { b } from '../db/b';",
        "import type { C } from '../db/c';",
        "export { d } from './d';",
        "export const later = () => import('./e');",
        "import { z } from 'zod';",
        '',
      ].join('\n'),
      'server/db/b.ts': 'export const b = 1;\n',
      'server/db/c/index.ts': 'export type C = 1;\n',
      'server/lib/d.ts': 'export const d = 1;\n',
      'server/lib/e.tsx': 'export const e = 1;\n',
    });
    expect(edgesOf(root).filter((edge) => edge.from === 'server/lib/a.ts')).toEqual([
      { from: 'server/lib/a.ts', to: 'server/db/b.ts' },
      { from: 'server/lib/a.ts', to: 'server/db/c/index.ts' },
      { from: 'server/lib/a.ts', to: 'server/lib/d.ts' },
      { from: 'server/lib/a.ts', to: 'server/lib/e.tsx' },
    ]);
  });

  it('finds every arrow that runs back up, across server/ and web/, or out of common/', () => {
    const root = plant({
      'server/db/owned.ts': "import { notFound } from '../lib/http-error';\n",
      'server/lib/http-error.ts': "import { row } from '../db/row';\n",
      'server/db/row.ts': 'export const row = 1;\n',
      'server/plugins/session.ts': "import { find } from '../features/auth/sessions';\n",
      'server/features/auth/sessions.ts': "import { a } from '../../app';\n",
      'server/app.ts': "import { find } from './features/auth/sessions';\n",
      'web/lib/form.ts': "import { s } from '../api/session';\n",
      'web/api/session.ts': "import { f } from '../lib/format';\nimport { r } from '../../server/db/row';\n",
      'web/lib/format.ts': 'export const f = 1;\n',
      'common/rule.ts': "import { f } from '../web/lib/format';\n",
      'server/features/auth/sessions.test.ts': "import { a } from '../../app';\n",
    });
    const wrong = edgesOf(root).flatMap((edge) => {
      const why = wrongWay(edge);
      return why ? [`${why}: ${edge.from}`] : [];
    });
    expect(wrong).toEqual([
      'common/ imports web/: common/rule.ts',
      'server db → lib: server/db/owned.ts',
      'server features → app: server/features/auth/sessions.ts',
      'server plugins → features: server/plugins/session.ts',
      'web/ imports server/: web/api/session.ts',
      'web lib → api: web/lib/form.ts',
    ]);
  });

  it('counts the imports of each direction', () => {
    const root = plant({
      'server/features/a/a.ts': "import { x } from '../../lib/x';\nimport { y } from '../../lib/y';\nimport { o } from '../../db/o';\n",
      'server/lib/x.ts': "import { y } from './y';\n",
      'server/lib/y.ts': 'export const y = 1;\n',
      'server/db/o.ts': 'export const o = 1;\n',
    });
    expect(Object.fromEntries(countsByDirection(edgesOf(root)))).toEqual({
      'server: features → db': 1,
      'server: features → lib': 2,
      'server: lib → lib': 1,
    });
  });

  it('finds the cycles between feature folders, not the one-way calls', () => {
    const root = plant({
      'server/features/auth/auth.service.ts': "import { unlock } from '../rewards/rewards.service';\n",
      'server/features/rewards/idempotency.ts': "import type { UserRow } from '../auth/sessions';\n",
      'server/features/auth/sessions.ts': 'export type UserRow = 1;\n',
      'server/features/rewards/rewards.service.ts': 'export const unlock = 1;\n',
      'server/features/tasks/tasks.service.ts': "import { unlock } from '../rewards/rewards.service';\n",
      'server/features/schedule/schedule.service.ts': "import { plan } from '../push/plan';\n",
      'server/features/push/plan.ts': "import { terms } from '../progress/terms';\n",
      'server/features/progress/terms.ts': "import { s } from '../schedule/schedule.service';\n",
    });
    const edges = edgesOf(root);
    expect(featureCycles(edges, 'server')).toEqual(
      [
        ['progress', 'push', 'schedule'],
        ['auth', 'rewards'],
      ].sort(),
    );
    expect(featureCycles(edges, 'web')).toEqual([]);
  });

  it('reports nothing wrong for a tree whose arrows all run down', () => {
    const root = plant({
      'server/app.ts': "import { r } from './features/tasks/tasks.routes';\n",
      'server/features/tasks/tasks.routes.ts': "import { s } from '../../plugins/session';\nimport { g } from '../../../common/gpa';\n",
      'server/plugins/session.ts': "import { h } from '../lib/http-error';\n",
      'server/lib/http-error.ts': "import { c } from '../db/client';\n",
      'server/db/client.ts': 'export const c = 1;\n',
      'common/gpa.ts': 'export const g = 1;\n',
    });
    const { lines, wrong } = report(root);
    expect(wrong).toBe(0);
    expect(lines).toContain('Imports that run the wrong way: 0');
    expect(lines).toContain('Cycles between feature folders: 0');
  });

  // The check was only ever run by hand: a page importing the app's layout (a feature → app arrow)
  // went unnoticed for a day. The repository itself is held to it, as its planted trees are.
  it("finds nothing wrong in this repository's own server/, web/ and common/", () => {
    const { lines, wrong } = report(path.resolve(import.meta.dirname, '..'));
    expect(wrong, lines.join('\n')).toBe(0);
  });
});
