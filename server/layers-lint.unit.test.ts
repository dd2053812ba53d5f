import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers and the table of which feature calls which (eslint.config.js, docs/architecture.md
 * "Layers", decision 189), run on planted files: each zone fails on a violation, and the allowed arrows pass.
 */
const root = path.join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function zoneMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

const LAYER = 'A server layer never imports a higher one';
const TABLE = 'FEATURE_CALLS';

// Loading the config and the TypeScript parser takes a few seconds on a busy machine.
describe('the server layers (lint)', { timeout: 60_000 }, () => {
  it.each([
    ['db imports lib', 'server/db/probe.ts', "import { notFound } from '../lib/http-error';"],
    ['the configuration imports lib', 'server/env.ts', "import { notFound } from './lib/http-error';"],
    ['lib imports a plugin', 'server/lib/probe.ts', "import { currentUser } from '../plugins/session';"],
    ['lib imports a feature', 'server/lib/probe.ts', "import { createSession } from '../features/auth/sessions.service';"],
    ['a plugin imports a feature', 'server/plugins/probe.ts', "import { listTasks } from '../features/tasks/tasks.service';"],
    ['a feature imports the app', 'server/features/tasks/probe.ts', "import { buildApp } from '../../app';"],
  ])('%s: refused', async (_name, file, code) => {
    const found = await zoneMessages(file, `${code}\nexport const probe = 1;\n`);
    expect(found.some((message) => message.includes(LAYER))).toBe(true);
  });

  it.each([
    ['rewards calls a feature that calls it', 'server/features/rewards/probe.ts', "import { listTasks } from '../tasks/tasks.service';"],
    [
      'schedule calls push (push reads the schedule)',
      'server/features/schedule/probe.ts',
      "import { listDevices } from '../push/push.service';",
    ],
    ['a feature outside the table calls one', 'server/features/health/probe.ts', "import { listTasks } from '../tasks/tasks.service';"],
  ])('%s: refused', async (_name, file, code) => {
    const found = await zoneMessages(file, `${code}\nexport const probe = 1;\n`);
    expect(found.some((message) => message.includes(TABLE))).toBe(true);
  });

  it.each([
    [
      'a feature imports every layer below it and a feature of its row',
      'server/features/tasks/probe.ts',
      [
        "import { db } from '../../db/client';",
        "import { notFound } from '../../lib/http-error';",
        "import { currentUser } from '../../plugins/session';",
        "import type { AppDeps } from '../../app-types';",
        "import { syncTaskReminders } from '../push/task-reminder-jobs';",
        "import { rewardingWrite } from '../rewards/rewarding-write';",
      ],
    ],
    [
      'a plugin imports lib and db',
      'server/plugins/probe.ts',
      ["import { findSessionUser } from '../lib/session-lookup';", "import type { UserRow } from '../db/schema';"],
    ],
    ['the app imports the features', 'server/app.ts', ["import { registerTasksRoutes } from './features/tasks/tasks.routes';"]],
    [
      'a test assembles the app',
      'server/lib/probe.test.ts',
      ["import { buildApp } from '../app';", "import { listTasks } from '../features/tasks/tasks.service';"],
    ],
  ])('%s: allowed', async (_name, file, lines) => {
    expect(await zoneMessages(file, `${lines.join('\n')}\nexport const probe = 1;\n`)).toEqual([]);
  });
});
