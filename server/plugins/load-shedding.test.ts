import http from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signUp } from '../test/factories';
import { createTestApp } from '../test/test-app';

/** The operators' probes (the `operatorProbe` route flag): a liveness probe shed under load would restart a busy instance. */
const PROBES = ['/api/health', '/api/health/ready', '/api/health/live'];

describe('load shedding: at most MAX_IN_FLIGHT_REQUESTS API requests at once per instance (decision 201)', () => {
  it('answers the ones beyond the bound 503 service_unavailable with Retry-After 1, never an operator’s probe, and serves again once below it', async () => {
    const t = await createTestApp({ maxInFlightRequests: 2 });
    const user = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        t.request({
          method: 'GET',
          url: index % 4 === 3 ? PROBES[(index >> 2) % PROBES.length]! : '/api/progress/summary',
          token: user.token,
        }),
      ),
    );
    const shed = answers.filter((answer) => answer.statusCode === 503);
    expect(shed.length).toBeGreaterThan(0);
    for (const answer of shed) {
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json()).toEqual({
        message: 'The service is temporarily unavailable. Please try again in a moment.',
        code: 'service_unavailable',
      });
    }
    // Health answers whatever the load: a load balancer must not take a busy instance for a dead one.
    expect(answers.filter((_, index) => index % 4 === 3).every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 503)).toBe(true);
    // Nothing stays counted: one at a time, every request is served.
    for (let index = 0; index < 5; index += 1) {
      expect((await t.request({ method: 'GET', url: '/api/progress/summary', token: user.token })).statusCode).toBe(200);
    }
    const again = await Promise.all([1, 2].map(() => t.request({ method: 'GET', url: '/api/auth/me', token: user.token })));
    expect(again.map((answer) => answer.statusCode)).toEqual([200, 200]);
  });

  it('never sheds with the bound at 0', async () => {
    const t = await createTestApp({ maxInFlightRequests: 0 });
    const user = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => t.request({ method: 'GET', url: '/api/progress/summary', token: user.token })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
  });

  it('stops counting a request whose client left while it was being answered, its body read', async () => {
    const t = await createTestApp({ maxInFlightRequests: 1 });
    const user = await signUp(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/assessments',
      token: user.token,
      payload: { name: 'Quiz', type: 'quiz', maxScore: 100, weight: 5, score: 50 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const gradeId = created.json<{ grade: { id: string } }>().grade.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    // The grade's row locked elsewhere: the PATCH waits in its handler, its body long read.
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM grades WHERE id = $1 FOR UPDATE', [gradeId]);
      const body = JSON.stringify({ score: 70 });
      const client = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `/api/grades/${gradeId}`,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'content-length': String(body.length) },
      });
      client.on('error', () => {});
      client.end(body);
      // Waiting on the lock: PostgreSQL shows the PATCH's update blocked.
      for (let attempt = 0; ; attempt += 1) {
        const { rows } = await locker.query<{ waiting: string }>(
          "SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        );
        if (Number(rows[0]!.waiting) > 0) break;
        if (attempt > 400) throw new Error('the PATCH never waited on the lock');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The bound is 1 and the PATCH holds it: another request is shed.
      expect((await t.request({ method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(503);
      client.destroy();
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }
    // Once the handler has finished for a client that is gone, the instance serves again.
    for (let attempt = 0; ; attempt += 1) {
      const answer = await t.request({ method: 'GET', url: '/api/auth/me', token: user.token });
      if (answer.statusCode === 200) break;
      expect(answer.statusCode).toBe(503);
      if (attempt > 200) throw new Error('the gone client’s request is still counted');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await t.app.close();
  });
});
