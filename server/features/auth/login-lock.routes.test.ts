import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loginDevices, loginFailures, users } from '../../db/schema';
import { strongPassword, uniqueUsername } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEVICE_COOKIE, DEVICES_PER_ACCOUNT } from './login-devices.service';
import { ACCOUNT_CEILING, addressKey, deleteSpentFailures, MAX_FAILURES, signInKeysOf } from './login-lock.service';

/**
 * docs/decisions/182: the sign-in lock per (account, client address), the account's ceiling over
 * every address, the device cookie that keeps the owner in, and the count taken atomically in the
 * database (parallel attempts on two instances check exactly MAX_FAILURES passwords).
 */
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database, as behind a load balancer.
  second = await buildApp({ config: t.config, db: t.db, logger: false });
});
afterAll(async () => {
  await second.close();
});

type Attempt = { username: string; password: string; from: string; device?: string; app?: FastifyInstance };
const attempt = ({ username, password, from, device, app = t.app }: Attempt): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: from,
    ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
  });

/** Registers an account from `from` and answers it with the device cookie its browser got. */
async function registered(from = '198.51.100.1') {
  const username = uniqueUsername('lock');
  const password = strongPassword();
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, password }, remoteAddress: from });
  expect(response.statusCode).toBe(201);
  const cookie = response.cookies.find((entry) => entry.name === DEVICE_COOKIE);
  return { username, password, device: cookie!.value, cookie: cookie! };
}

const failures = async (from: string, username: string, count: number, device?: string) => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1)
    statuses.push((await attempt({ username, password: 'wrong-password', from, ...(device ? { device } : {}) })).statusCode);
  return statuses;
};

describe('the sign-in lock is per (account, address)', () => {
  it('5 failures from one address lock that address only: the owner signs in from another', async () => {
    const user = await registered();
    expect(await failures('203.0.113.9', user.username, MAX_FAILURES)).toEqual(Array(MAX_FAILURES).fill(401));
    const locked = await attempt({ ...user, from: '203.0.113.9', device: undefined });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(29 * 60);
    // Another address, no device cookie (a new browser): the right password works.
    expect((await attempt({ ...user, from: '192.0.2.44', device: undefined })).statusCode).toBe(200);
    // The locked address stays locked.
    expect((await attempt({ ...user, from: '203.0.113.9', device: undefined })).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64: changing the interface id does not reset the count', async () => {
    const user = await registered();
    for (let i = 1; i <= MAX_FAILURES; i += 1) {
      expect((await attempt({ username: user.username, password: 'wrong', from: `2001:db8:1:2::${i.toString(16)}` })).statusCode).toBe(401);
    }
    expect((await attempt({ ...user, from: '2001:db8:1:2:ffff::9', device: undefined })).statusCode).toBe(429);
    expect((await attempt({ ...user, from: '2001:db8:1:3::1', device: undefined })).statusCode).toBe(200);
  });

  it('an unknown user name is locked the same way (nothing tells it apart)', async () => {
    const ghost = uniqueUsername('ghost');
    expect(await failures('203.0.113.10', ghost, MAX_FAILURES)).toEqual(Array(MAX_FAILURES).fill(401));
    expect((await attempt({ username: ghost, password: 'x', from: '203.0.113.10' })).statusCode).toBe(429);
  });
});

describe('the per-account ceiling', () => {
  it(`${ACCOUNT_CEILING} failures from many addresses lock every unknown device; the owner's device still signs in`, async () => {
    const user = await registered();
    const addresses = Array.from({ length: ACCOUNT_CEILING / MAX_FAILURES }, (_, i) => `10.9.${i}.1`);
    for (const from of addresses) expect(await failures(from, user.username, MAX_FAILURES)).toEqual(Array(MAX_FAILURES).fill(401));
    // A fresh address without the device cookie: the ceiling holds.
    expect((await attempt({ ...user, from: '10.200.0.1', device: undefined })).statusCode).toBe(429);
    // The device the account signed in from before (its cookie), from yet another address.
    const owner = await attempt({ ...user, from: '10.201.0.1' });
    expect(owner.statusCode).toBe(200);
  });
});

describe('the device cookie', () => {
  it('is opaque, httpOnly, SameSite=Strict and only sent to /api/auth; sign-in keeps it', async () => {
    const user = await registered();
    expect(user.cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(user.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.cookie.maxAge).toBe(365 * 86_400);
    const signedIn = await attempt({ ...user, from: '198.51.100.7' });
    expect(signedIn.cookies.find((entry) => entry.name === DEVICE_COOKIE)?.value).toBe(user.device);
    // A browser without one gets its own.
    const fresh = await attempt({ ...user, from: '198.51.100.7', device: undefined });
    const other = fresh.cookies.find((entry) => entry.name === DEVICE_COOKIE)?.value;
    expect(other).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other).not.toBe(user.device);
  });

  it('lets the owner sign in where a stranger locked the same address (a shared network)', async () => {
    const user = await registered('100.64.0.1');
    expect(await failures('100.64.0.1', user.username, MAX_FAILURES)).toEqual(Array(MAX_FAILURES).fill(401));
    expect((await attempt({ ...user, from: '100.64.0.1', device: undefined })).statusCode).toBe(429);
    expect((await attempt({ ...user, from: '100.64.0.1' })).statusCode).toBe(200);
  });

  it("counts a device's own failures and locks it after 5; another account's cookie or a made-up one gives nothing", async () => {
    const user = await registered();
    const stranger = await registered();
    expect(await failures('100.64.1.1', user.username, MAX_FAILURES, user.device)).toEqual(Array(MAX_FAILURES).fill(401));
    expect((await attempt({ ...user, from: '100.64.1.1' })).statusCode).toBe(429);
    // The address itself was not counted: a browser without the cookie still may try there.
    expect((await attempt({ ...user, from: '100.64.1.1', device: undefined })).statusCode).toBe(200);

    const victim = await registered();
    expect(await failures('100.64.2.1', victim.username, MAX_FAILURES)).toEqual(Array(MAX_FAILURES).fill(401));
    for (const device of [stranger.device, 'A'.repeat(43), 'not a token']) {
      expect((await attempt({ ...victim, from: '100.64.2.1', device })).statusCode).toBe(429);
    }
  });
});

describe('the devices an account keeps', () => {
  it(`keeps the ${DEVICES_PER_ACCOUNT} most recently used: signing in from more forgets the oldest`, async () => {
    const user = await registered();
    const cookieOf = (response: LightMyRequestResponse) => response.cookies.find((entry) => entry.name === DEVICE_COOKIE)?.value;
    let newest = '';
    // Sign-ins without the cookie (a cleared browser, an API client): each one is a new device.
    for (let i = 0; i < DEVICES_PER_ACCOUNT + 2; i += 1) {
      const response = await attempt({ ...user, from: '198.51.100.30', device: undefined });
      expect(response.statusCode).toBe(200);
      newest = cookieOf(response)!;
    }
    const [owner] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, user.username));
    expect(await t.db.select().from(loginDevices).where(eq(loginDevices.userId, owner!.id))).toHaveLength(DEVICES_PER_ACCOUNT);
    // The newest is still known (its cookie is kept); the registration's, the oldest, is forgotten (replaced).
    expect(cookieOf(await attempt({ ...user, from: '198.51.100.30', device: newest }))).toBe(newest);
    expect(cookieOf(await attempt({ ...user, from: '198.51.100.30' }))).not.toBe(user.device);
  });
});

describe('the count is atomic across instances', () => {
  it('12 parallel wrong passwords on two instances: exactly 5 are checked, 7 answer locked', async () => {
    const user = await registered();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attempt({ username: user.username, password: `wrong-${i}`, from: '203.0.113.77', app: i % 2 === 0 ? t.app : second }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(MAX_FAILURES).fill(401), ...Array(12 - MAX_FAILURES).fill(429)]);
    const rows = await t.db.select().from(loginFailures).where(signInKeysOf(user.username.toLowerCase()));
    const counts = Object.fromEntries(rows.map((row) => [row.usernameKey.split('|')[1], row.failureCount]));
    expect(counts).toEqual({ all: MAX_FAILURES, 'ip:203.0.113.77': MAX_FAILURES });
    // Locked for the right password too, on both instances.
    expect((await attempt({ ...user, from: '203.0.113.77', device: undefined })).statusCode).toBe(429);
    expect((await attempt({ ...user, from: '203.0.113.77', device: undefined, app: second })).statusCode).toBe(429);
  });
});

describe('housekeeping', () => {
  it('deletes the counters that hold nothing any more, and keeps running windows and locks', async () => {
    const name = uniqueUsername('spent').toLowerCase();
    const ago = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
    const ahead = (minutes: number) => sql`now() + make_interval(mins => ${minutes})`;
    const rows = {
      'ip:window-passed': { failureCount: 3, windowStartedAt: ago(16), lockedUntil: null },
      'ip:lock-ran-out': { failureCount: MAX_FAILURES, windowStartedAt: ago(40), lockedUntil: ago(1) },
      'ip:window-running': { failureCount: 2, windowStartedAt: ago(5), lockedUntil: null },
      'ip:locked': { failureCount: MAX_FAILURES, windowStartedAt: ago(20), lockedUntil: ahead(10) },
    };
    for (const [suffix, row] of Object.entries(rows)) await t.db.insert(loginFailures).values({ usernameKey: `${name}|${suffix}`, ...row });
    await deleteSpentFailures(t.db);
    const left = await t.db.select({ key: loginFailures.usernameKey }).from(loginFailures).where(signInKeysOf(name));
    expect(left.map((row) => row.key).sort()).toEqual([`${name}|ip:locked`, `${name}|ip:window-running`]);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
