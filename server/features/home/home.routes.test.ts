import { addDays, daysBetween, localDateOf, localDateTimeOf, weekdayOf } from '../../../common/domain/local-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const list = async (url: string, token: string) => (await t.request({ method: 'GET', url, token })).json() as unknown[];

describe('POST /api/demo/sample-data', () => {
  it('fills an empty account with a small semester', async () => {
    const user = await signUp(t);
    const response = await t.request({ method: 'POST', url: '/api/demo/sample-data', token: user.token });
    expect(response.statusCode).toBe(201);
    const summary = response.json();
    expect(summary.courses).toBe(6);
    expect(summary.tasks).toBeGreaterThanOrEqual(5);
    expect(summary.studySessions).toBeGreaterThan(10);
    expect(summary.assessments).toBe(5);
    expect(await list('/api/courses', user.token)).toHaveLength(6);
    expect(await list('/api/terms', user.token)).toHaveLength(1);
    expect(await list('/api/holidays', user.token)).toHaveLength(2);
    const tasks = (await list('/api/tasks', user.token)) as { completed: boolean }[];
    expect(tasks.some((task) => task.completed)).toBe(true);
  }, 60_000);

  it.each(['Pacific/Honolulu', 'Asia/Tokyo'])(
    'builds the semester on the user’s calendar in %s: the term starts on a local Monday, deadlines at local hours, grades on local dates',
    async (timeZone) => {
      const user = await signUp(t);
      const profile = await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone } });
      expect(profile.statusCode).toBe(200);
      expect((await t.request({ method: 'POST', url: '/api/demo/sample-data', token: user.token })).statusCode).toBe(201);
      const today = localDateOf(new Date(), timeZone);
      const [term] = (await list('/api/terms', user.token)) as { startDate: string }[];
      expect(weekdayOf(term!.startDate)).toBe(1);
      // Six weeks back, moved to that week's Monday (weeks start on Sunday).
      expect(daysBetween(term!.startDate, today)).toBeGreaterThanOrEqual(41);
      expect(daysBetween(term!.startDate, today)).toBeLessThanOrEqual(47);
      const tasks = (await list('/api/tasks', user.token)) as { dueDate: string | null }[];
      const localTimes = tasks.filter((task) => task.dueDate).map((task) => localDateTimeOf(task.dueDate!, timeZone).time);
      expect(localTimes.every((time) => time.endsWith(':00'))).toBe(true);
      expect(localTimes).toContain('17:00');
      const assessments = (await list('/api/assessments', user.token)) as { date: string | null }[];
      expect(assessments.map((assessment) => assessment.date)).toContain(addDays(today, -7));
    },
    60_000,
  );

  it('names the sample in the language the app sends: Japanese and German students read their own words', async () => {
    const names = async (token: string) => ({
      terms: ((await list('/api/terms', token)) as { name: string }[]).map((term) => term.name),
      courses: ((await list('/api/courses', token)) as { name: string }[]).map((course) => course.name).sort(),
      tasks: ((await list('/api/tasks', token)) as { title: string }[]).map((task) => task.title),
      assessments: ((await list('/api/assessments', token)) as { name: string }[]).map((assessment) => assessment.name),
      holidays: ((await list('/api/holidays', token)) as { name: string }[]).map((holiday) => holiday.name).sort(),
    });
    const japanese = await signUp(t);
    const ja = await t.request({ method: 'POST', url: '/api/demo/sample-data', token: japanese.token, payload: { language: 'ja' } });
    expect(ja.statusCode).toBe(201);
    const jaNames = await names(japanese.token);
    expect(jaNames.terms).toEqual(['今学期']);
    expect(jaNames.courses).toEqual(['プログラミング入門', '世界史', '微分積分学 II', '日本語作文', '有機化学', '英語 I'].sort());
    expect(jaNames.assessments.sort()).toEqual(['中間試験', '期末試験', '演習問題 1', '実験レポート', '週次小テスト'].sort());
    expect(jaNames.tasks).toContain('演習問題 4：部分積分');
    expect(jaNames.holidays).toEqual(['創立記念日', '学習週間'].sort());

    const german = await signUp(t);
    // No body: the browser's Accept-Language decides (the web always sends its own language).
    const de = await t.request({
      method: 'POST',
      url: '/api/demo/sample-data',
      token: german.token,
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(de.statusCode).toBe(201);
    const deNames = await names(german.token);
    expect(deNames.terms).toEqual(['Aktuelles Semester']);
    expect(deNames.courses).toContain('Analysis II');
    expect(deNames.courses).toContain('Schreibwerkstatt Deutsch');
    expect(deNames.assessments).toContain('Zwischenprüfung');
    expect(deNames.tasks).toContain('Übungsblatt 4: partielle Integration');
    expect(deNames.holidays).toEqual(['Gründungstag', 'Lernwoche']);

    // A language in the body wins over the header; English is the fallback for anything else.
    const english = await signUp(t);
    const en = await t.request({
      method: 'POST',
      url: '/api/demo/sample-data',
      token: english.token,
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(en.statusCode).toBe(201);
    expect((await names(english.token)).terms).toEqual(['Current term']);
    const both = await signUp(t);
    const fr = await t.request({
      method: 'POST',
      url: '/api/demo/sample-data',
      token: both.token,
      headers: { 'accept-language': 'de' },
      payload: { language: 'fr' },
    });
    expect(fr.statusCode).toBe(201);
    expect((await names(both.token)).terms).toEqual(['Semestre en cours']);
  }, 120_000);

  it('refuses an account that already has classes (409) and changes nothing', async () => {
    const user = await signUp(t);
    const course = await t.request({
      method: 'POST',
      url: '/api/courses',
      token: user.token,
      payload: { name: 'Physics', color: '#3b82f6', credits: 3 },
    });
    expect(course.statusCode).toBe(201);
    const response = await t.request({ method: 'POST', url: '/api/demo/sample-data', token: user.token });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('sample_data_exists');
    expect(await list('/api/courses', user.token)).toHaveLength(1);
    expect(await list('/api/tasks', user.token)).toHaveLength(0);
  });

  it('refuses a second load (409)', async () => {
    const user = await signUp(t);
    expect((await t.request({ method: 'POST', url: '/api/demo/sample-data', token: user.token })).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: '/api/demo/sample-data', token: user.token })).statusCode).toBe(409);
    expect(await list('/api/courses', user.token)).toHaveLength(6);
  }, 60_000);

  it('a double click seeds once: of two parallel loads one answers 201, the other 409', async () => {
    const user = await signUp(t);
    const load = () => t.request({ method: 'POST', url: '/api/demo/sample-data', token: user.token });
    const statuses = (await Promise.all([load(), load()])).map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    expect(await list('/api/courses', user.token)).toHaveLength(6);
    expect(await list('/api/assessments', user.token)).toHaveLength(5);
  }, 60_000);

  it('validates: the body takes only a known language (400), an empty object is fine', async () => {
    const user = await signUp(t);
    for (const payload of [{ courses: 3 }, { userId: user.id }, { language: 'pt' }, { language: 'JA' }, { language: 7 }]) {
      const response = await t.request({ method: 'POST', url: '/api/demo/sample-data', token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    expect(await list('/api/courses', user.token)).toHaveLength(0);
    expect((await t.request({ method: 'POST', url: '/api/demo/sample-data', token: user.token, payload: {} })).statusCode).toBe(201);
  }, 60_000);

  it('needs a session', async () => {
    expect((await t.request({ method: 'POST', url: '/api/demo/sample-data' })).statusCode).toBe(401);
  });

  it('touches only the caller’s account', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const pointsBefore = (await t.request({ method: 'GET', url: '/api/points', token: other.token })).json();
    expect((await t.request({ method: 'POST', url: '/api/demo/sample-data', token: user.token })).statusCode).toBe(201);
    for (const url of ['/api/courses', '/api/terms', '/api/holidays', '/api/tasks', '/api/study-sessions', '/api/assessments']) {
      expect(await list(url, other.token), url).toHaveLength(0);
    }
    expect((await t.request({ method: 'GET', url: '/api/points', token: other.token })).json()).toEqual(pointsBefore);
  }, 60_000);

  it('works with the browser session cookie and refuses a cross-origin write', async () => {
    const user = await signUp(t);
    const cookie = `sp_session=${user.token}`;
    const cross = await t.request({
      method: 'POST',
      url: '/api/demo/sample-data',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost' },
    });
    expect(cross.statusCode).toBe(403);
    const same = await t.request({
      method: 'POST',
      url: '/api/demo/sample-data',
      headers: { cookie, origin: 'http://localhost', host: 'localhost' },
    });
    expect(same.statusCode).toBe(201);
  }, 60_000);
});
