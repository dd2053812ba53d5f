import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../common/domain/local-time';
import { PREMIUM_BENEFITS, type PremiumBenefit } from '../../../common/domain/premium-benefits';
import { users } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * /premium sells only what Premium adds (docs/decisions/180-premium-sells-what-it-adds.md): every
 * entry of PREMIUM_BENEFITS is something the server gives a trial and refuses once the trial has
 * ended — and data export, free on every plan (decision 127), is answered to an expired trial.
 */
let t: TestApp;
let trial: SignedUpUser;
let expired: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  [trial, expired] = await Promise.all([signUp(t), signUp(t)]);
  await t.db
    .update(users)
    .set({ trialEndDate: new Date(Date.now() - 60_000) })
    .where(eq(users.id, expired.id));
});

/** Whether `user` gets the benefit, asked through the API as the app asks; null where no server check can exist. */
const probes: Record<PremiumBenefit, ((user: SignedUpUser) => Promise<boolean>) | null> = {
  files: async (user) => {
    const response = await t.request({ method: 'POST', url: '/api/folders', token: user.token, payload: { name: 'Biology' } });
    return response.statusCode === 201;
  },
  templates: async (user) => {
    const response = await t.request({ method: 'GET', url: '/api/premium/templates/weekly-timetable/download', token: user.token });
    return response.statusCode === 200;
  },
  history: async (user) => {
    const today = new Date().toISOString().slice(0, 10);
    const term = await t.request({
      method: 'POST',
      url: '/api/terms',
      token: user.token,
      payload: { name: 'Last year', startDate: addDays(today, -400), endDate: addDays(today, -300), color: '#111111' },
    });
    expect(term.statusCode, term.body).toBe(201);
    const response = await t.request({ method: 'GET', url: `/api/progress/analytics?termId=${term.json().id}`, token: user.token });
    return response.statusCode === 200;
  },
  support: async (user) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/feedback',
      token: user.token,
      payload: { category: 'question', subject: 'Export', message: 'Where do I export my grades?' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().priority === 'priority';
  },
  // The exclusive colours and style are stored on the device only (decision 132): the shell puts the
  // defaults back once the server's check says neither premium nor trial (web/lib/theme.ts).
  themes: null,
};

describe('what Premium adds', () => {
  it.each(PREMIUM_BENEFITS.filter((benefit) => probes[benefit] !== null))(
    '%s: a trial has it, an ended trial does not',
    async (benefit) => {
      const probe = probes[benefit]!;
      expect(await probe(trial)).toBe(true);
      expect(await probe(expired)).toBe(false);
    },
  );

  it('data export is no Premium benefit: an ended trial exports in every format', async () => {
    expect(PREMIUM_BENEFITS as readonly string[]).not.toContain('export');
    for (const format of ['json', 'csv', 'ics']) {
      const response = await t.request({ method: 'GET', url: `/api/account/export/${format}`, token: expired.token });
      expect(response.statusCode, format).toBe(200);
    }
  });
});
