import { beforeAll, describe, expect, it } from 'vitest';
import { REWARD_FACTS } from '../../app';
import { seedProgressHistory, seedSampleSemester } from '../home/sample-data.service';
import type { SampleDataTarget } from '../home/sample-data-writes';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** `npm run seed:demo` must leave every Progress chart and insight with something to show (issue 17). */
let t: TestApp;
let user: SignedUpUser;
const get = async (url: string) => {
  const response = await t.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
  // A new account's time zone is UTC.
  const target: SampleDataTarget = {
    db: t.db,
    user: { id: user.id, timeZone: 'UTC' },
    jobs: null,
    rewards: { facts: REWARD_FACTS, log: console },
  };
  await seedSampleSemester(target);
  await seedProgressHistory(target);
}, 120_000);

describe('the demo student’s Progress', () => {
  it('fills every overview figure and chart', async () => {
    const { overview, courses, term } = await get('/api/progress/summary');
    expect(term).not.toBeNull();
    expect(overview.gpa.value).not.toBeNull();
    expect(overview.gpa.trend.filter((point: { value: number | null }) => point.value !== null).length).toBeGreaterThan(2);
    expect(overview.tasks.onTime).toBeGreaterThan(0);
    expect(overview.tasks.late).toBeGreaterThan(0);
    expect(overview.study.total).toBeGreaterThan(0);
    expect(overview.attendance.rate).toBeGreaterThan(0.5);
    expect(overview.points.earned).toBeGreaterThan(0);
    expect(overview.streak.current).toBeGreaterThan(0);
    expect(courses.length).toBe(6);
    expect(courses.filter((card: { mark: number | null }) => card.mark !== null).length).toBeGreaterThan(1);
  });

  it('shows every kind of insight and a week over capacity to start early for', async () => {
    const { insights, forecast } = await get('/api/progress/summary');
    expect(new Set(insights.map((insight: { kind: string }) => insight.kind))).toEqual(
      new Set(['busy-week', 'course-behind', 'late-task-type', 'best-study-time']),
    );
    const over = forecast.weeks.filter((week: { overCapacity: boolean }) => week.overCapacity);
    expect(over.length).toBeGreaterThan(0);
    expect(over[0].startEarly.length).toBeGreaterThan(0);
    expect(forecast.historySamples).toBeGreaterThan(0);
  });

  it('has analytics for this term and the previous one, a timeline and goals', async () => {
    const terms = await get('/api/progress/analytics?period=term');
    expect(terms.buckets.map((bucket: { name: string }) => bucket.name)).toEqual(['Previous term', 'Current term']);
    expect(terms.grades.length).toBeGreaterThan(1);
    const weeks = await get('/api/progress/analytics?period=week');
    expect(weeks.buckets.some((bucket: { study: { total: number } }) => bucket.study.total > 0)).toBe(true);
    expect(weeks.buckets.some((bucket: { tasks: { byType: unknown[] } }) => bucket.tasks.byType.length > 0)).toBe(true);
    const timeline = await get('/api/progress/timeline');
    expect(new Set(timeline.entries.map((entry: { kind: string }) => entry.kind))).toEqual(
      new Set(['deadline', 'assessment', 'grade', 'holiday', 'achievement']),
    );
    expect(await get('/api/academic-goals')).toHaveLength(3);
  });
});
