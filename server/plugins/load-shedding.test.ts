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
});
