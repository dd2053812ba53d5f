import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { INSTANCE_CHANNELS } from '../server/lib/instance-events';
import { registerViaApi } from './fixtures';

// Issue 39, decision 212: the signed-in shell holds one live stream; a change someone else commits (here a
// task row written for the student and the userChange notice, in one transaction, as a classmate's shared
// post does) shows on the open page without a reload, and signing out ends the stream.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

/** The e2e server's database: DATABASE_URL's, or the embedded one in E2E_DATA_DIR (its port and password files). */
function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = process.env.E2E_DATA_DIR!;
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'pg-secret'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

async function commitForStudent(userId: string, title: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`INSERT INTO tasks (user_id, title, due_date) VALUES ($1, $2, now() + interval '3 days')`, [userId, title]);
    await client.query('SELECT pg_notify($1, $2)', [
      INSTANCE_CHANNELS.userChange.pgChannel,
      JSON.stringify({ userIds: [userId], topics: ['tasks', 'notifications'] }),
    ]);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

test('a change committed elsewhere appears on the open Tasks page without a reload; sign-out ends the stream', async ({ page }) => {
  const student = await registerViaApi(page.request);
  const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
  await page.goto('/tasks');
  const stream = await streamOpened;
  expect(stream.status()).toBe(200);
  expect(stream.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
  await expect(page.getByText('Worksheet 4 from the class group')).toHaveCount(0);

  await commitForStudent(student.id, 'Worksheet 4 from the class group');
  await expect(page.getByTestId('task-row').filter({ hasText: 'Worksheet 4 from the class group' })).toBeVisible({ timeout: 5000 });

  // Signing out closes the stream: the page opens no other one afterwards.
  const reopened: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/live') reopened.push(request.url());
  });
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await page.waitForTimeout(6000);
  expect(reopened).toEqual([]);
});
