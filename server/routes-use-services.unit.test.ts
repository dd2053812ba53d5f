import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A route file is HTTP only: it reads the request, calls its feature's service and shapes the answer.
 * Queries live in services (docs/decisions/190), so a route that imports Drizzle or the tables, or
 * queries through the database handle, fails here.
 */
const FEATURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'features');
const QUERYING = [
  { pattern: /from '(drizzle-orm[^']*)'/, what: 'imports Drizzle' },
  { pattern: /from '[^']*\/db\/schema[^']*'/, what: 'imports the tables' },
  { pattern: /\b(db|tx)\.(select|insert|update|delete|execute|transaction|query)\b/, what: 'queries the database' },
];

function routeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name.endsWith('.routes.ts') ? [full] : [];
  });
}

/** What a route file's text does that belongs in a service. */
function queryingIn(text: string): string[] {
  return QUERYING.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
}

describe('route files call services', () => {
  it('finds the route files', () => {
    expect(routeFiles(FEATURES).length).toBeGreaterThan(20);
  });

  it('no route file queries the database', () => {
    const offenders = routeFiles(FEATURES)
      .map((file) => ({ file: path.relative(FEATURES, file), querying: queryingIn(readFileSync(file, 'utf8')) }))
      .filter(({ querying }) => querying.length > 0);
    expect(offenders).toEqual([]);
  });

  it('fails on a planted route that queries the database', () => {
    const planted = [
      "import { sql } from 'drizzle-orm';",
      "import { tasks } from '../../db/schema';",
      "app.get('/api/x', async () => db.execute(sql`select 1`));",
    ].join('\n');
    expect(queryingIn(planted)).toEqual(['imports Drizzle', 'imports the tables', 'queries the database']);
  });
});
