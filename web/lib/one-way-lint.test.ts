import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules that keep one way per concern on the web (docs/architecture.md "One way per concern"),
 * run on snippets as a feature would write them. (Reads: web/api/resource-boundary.test.ts.)
 */
const root = path.join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? ''}: ${message.message}`);
}

const probe = 'web/features/tasks/probe.ts';

// Loading the config and the TypeScript parser takes a few seconds on a busy machine.
describe('one way per concern on the web', { timeout: 30_000 }, () => {
  it.each([
    ['a date formatter of its own', "export const f = new Intl.DateTimeFormat('en', { dateStyle: 'short' });", 'web/lib/format.ts'],
    ['toLocaleString', 'export const f = (d: Date) => d.toLocaleTimeString();', 'web/lib/format.ts'],
    ['its own 12-hour rule', 'export const clock = { hour: "numeric", hour12: true };', 'clockOptions'],
    ['the Notification API', 'export const ask = () => Notification.requestPermission();', 'web/lib/browser-notifications.ts'],
    ["the server's English message", 'export const says = (error: Error) => /wrong/.test(error.message);', 'web/lib/api-errors.ts'],
    ['confetti of its own', "import confetti from 'canvas-confetti';\nexport const party = () => confetti();", 'web/lib/celebrate.ts'],
  ])('a feature may not use %s', async (_name, code, owner) => {
    const found = await messages(probe, `${code}\n`);
    expect(found.some((message) => message.includes(owner))).toBe(true);
  });

  it.each([
    ['fetch', 'export const download = (id: string) => fetch(`/api/files/${id}/download`);'],
    ['window.fetch', 'export const download = (id: string) => window.fetch(`/api/files/${id}/download`);'],
    ['XMLHttpRequest', 'export const request = () => new XMLHttpRequest();'],
  ])('a feature or the app may not request with %s of its own', async (_name, code) => {
    for (const file of [probe, 'web/app/probe.ts']) {
      const found = await messages(file, `${code}\n`);
      expect(found.some((message) => message.includes('web/api/'))).toBe(true);
    }
  });

  it('web/lib may not import web/api (a layer back up)', async () => {
    const code = "import { useSessionUser } from '../api/session';\nexport const who = useSessionUser;\n";
    const found = await messages('web/lib/probe.ts', code);
    expect(found.some((message) => message.startsWith('import-x/no-restricted-paths') && message.includes('web/lib/'))).toBe(true);
  });

  it('a feature may not read a time with the browser’s own clock (<input type="time">)', async () => {
    const found = await messages('web/features/tasks/probe.tsx', 'export const At = () => <input type="time" />;\n');
    expect(found.some((message) => message.includes('TimeField'))).toBe(true);
  });

  it('a feature may use the owners', async () => {
    const code = [
      "import { formatTime } from '../../lib/format';",
      "import { apiErrorMessage } from '../../lib/api-errors';",
      "import type { TFunction } from 'i18next';",
      'export const when = (instant: string, zone: string) => formatTime(instant, zone);',
      "export const why = (t: TFunction, error: unknown) => apiErrorMessage(t, error, 'Could not save');",
      '',
    ].join('\n');
    expect(await messages(probe, code)).toEqual([]);
  });

  it('no import cycle: a module may not import one that imports it back', async () => {
    // web/api/session.ts imports web/lib/remembered-user.ts, which imports web/lib/form-draft-store.ts;
    // the store importing the session closes a cycle.
    const code = "import { useSessionUser } from '../api/session';\nexport const who = useSessionUser;\n";
    expect((await messages('web/lib/form-draft-store.ts', code)).some((message) => message.startsWith('import-x/no-cycle'))).toBe(true);
  });
});
