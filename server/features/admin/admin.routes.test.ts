import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { users } from '../../db/schema';
import { signUp, strongPassword, uniqueUsername, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { applyAdminUsernames, listAdmins, setRoleByUsername } from './roles.service';

let t: TestApp;
let admin: SignedUpUser;
/** Listed in ADMIN_USERNAMES, registered by nobody. */
const unclaimedAdminName = uniqueUsername('boss');
const otherUnclaimedAdminName = uniqueUsername('chief');
beforeAll(async () => {
  t = await createTestApp({ adminUsernames: [unclaimedAdminName.toLowerCase(), otherUnclaimedAdminName.toLowerCase()] });
  admin = await signUp(t, { username: uniqueUsername('admin') });
  // What `npm run admin -- grant NAME` does.
  await setRoleByUsername(t.db, admin.username, 'admin');
});

const roleOf = async (token: string) => (await t.request({ method: 'GET', url: '/api/auth/me', token })).json().roles;

const premiumCheck = async (token: string) => (await t.request({ method: 'GET', url: '/api/premium/check', token })).json();

describe('admin users API', () => {
  it('is admin only: 401 signed out, 403 for a user', async () => {
    const user = await signUp(t);
    expect((await t.request({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    const forbidden = await t.request({ method: 'GET', url: '/api/admin/users', token: user.token });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('forbidden');
    const patch = await t.request({ method: 'PATCH', url: `/api/admin/users/${user.id}`, token: user.token, payload: { isPremium: true } });
    expect(patch.statusCode).toBe(403);
  });

  it('lets an admin (role stored on the account) find users and grant premium', async () => {
    expect(await roleOf(admin.token)).toBe('admin');
    const student = await signUp(t, { username: uniqueUsername('findme') });
    const list = await t.request({ method: 'GET', url: `/api/admin/users?query=${student.username.toUpperCase()}`, token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { id: string }) => u.id)).toEqual([student.id]);

    const grant = await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${student.id}`,
      token: admin.token,
      payload: { isPremium: true },
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().isPremium).toBe(true);
    expect(await premiumCheck(student.token)).toMatchObject({ hasPremium: true, onTrial: false });
  });

  it('ends or extends a trial by moving trialEndDate, and the premium check follows', async () => {
    const student = await signUp(t);
    expect(await premiumCheck(student.token)).toMatchObject({ hasPremium: false, onTrial: true });
    const end = await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${student.id}`,
      token: admin.token,
      payload: { trialEndDate: new Date(Date.now() - 1000).toISOString() },
    });
    expect(end.statusCode).toBe(200);
    expect(await premiumCheck(student.token)).toMatchObject({ hasPremium: false, onTrial: false });
    const extended = new Date(Date.now() + 90 * 86_400_000).toISOString();
    await t.request({ method: 'PATCH', url: `/api/admin/users/${student.id}`, token: admin.token, payload: { trialEndDate: extended } });
    expect(await premiumCheck(student.token)).toMatchObject({ onTrial: true, trialEndDate: extended });
  });

  it('promotes a user to admin through roles', async () => {
    const student = await signUp(t);
    await t.request({ method: 'PATCH', url: `/api/admin/users/${student.id}`, token: admin.token, payload: { roles: 'admin' } });
    expect((await t.request({ method: 'GET', url: '/api/admin/users', token: student.token })).statusCode).toBe(200);
  });

  it('validates the patch and answers 404 for an unknown user', async () => {
    const student = await signUp(t);
    for (const payload of [{}, { roles: 'owner' }, { isPremium: 'yes' }, { trialEndDate: 'tomorrow' }, { points: 5 }]) {
      const response = await t.request({ method: 'PATCH', url: `/api/admin/users/${student.id}`, token: admin.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await t.request({
      method: 'PATCH',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
      token: admin.token,
      payload: { isPremium: true },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PATCH', url: '/api/admin/users/not-a-uuid', token: admin.token, payload: { isPremium: true } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('the admin role is bound to accounts, never to names', () => {
  it('a rename into a name ADMIN_USERNAMES lists confers nothing: the name is refused', async () => {
    const attacker = await signUp(t);
    const rename = await t.request({
      method: 'PATCH',
      url: '/api/account/profile',
      token: attacker.token,
      payload: { username: unclaimedAdminName.toUpperCase() },
    });
    expect(rename.statusCode).toBe(409);
    expect(await roleOf(attacker.token)).toBe('user');
    expect((await t.request({ method: 'GET', url: '/api/admin/users', token: attacker.token })).statusCode).toBe(403);
  });

  it('registering a name ADMIN_USERNAMES lists confers nothing: the name is refused', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: otherUnclaimedAdminName, password: strongPassword() },
    });
    expect(response.statusCode).toBe(409);
    expect(await t.db.select().from(users).where(eq(users.username, otherUnclaimedAdminName))).toHaveLength(0);
  });

  it('an admin keeps the role through a rename, and the old name gives nothing to its next holder', async () => {
    const boss = await signUp(t);
    await setRoleByUsername(t.db, boss.username, 'admin');
    const newName = uniqueUsername('renamed');
    await t.request({ method: 'PATCH', url: '/api/account/profile', token: boss.token, payload: { username: newName } });
    expect(await roleOf(boss.token)).toBe('admin');
    const next = await signUp(t, { username: boss.username });
    expect(await roleOf(next.token)).toBe('user');
  });

  it('the account a listed name granted may rename away and take the name back; others still may not', async () => {
    const listed = uniqueUsername('owner');
    const config = { ...t.config, adminUsernames: [listed.toLowerCase()] };
    const scoped = await buildApp({ config, db: t.db, logger: false });
    try {
      const ask = (token: string, username: string) =>
        scoped.inject({
          method: 'PATCH',
          url: '/api/account/profile',
          headers: { authorization: `Bearer ${token}` },
          payload: { username },
        });
      const owner = await signUp(t, { username: listed });
      // The next start-up grants the role through the listed name.
      await applyAdminUsernames(t.db, config.adminUsernames);
      expect(await roleOf(owner.token)).toBe('admin');
      expect((await ask(owner.token, uniqueUsername('away'))).statusCode).toBe(200);
      const back = await ask(owner.token, listed.toUpperCase());
      expect(back.statusCode).toBe(200);
      expect(back.json().username).toBe(listed.toUpperCase());
      // Away again: the name stays reserved against everyone else.
      const elsewhere = uniqueUsername('again');
      expect((await ask(owner.token, elsewhere)).statusCode).toBe(200);
      const other = await signUp(t);
      expect((await ask(other.token, listed)).statusCode).toBe(409);
      // A demoted account loses its hold on the name.
      expect(await setRoleByUsername(t.db, elsewhere, 'user')).toMatchObject({ before: 'admin', after: 'user' });
      expect((await ask(owner.token, listed)).statusCode).toBe(409);
    } finally {
      await scoped.close();
    }
  });

  it('applies ADMIN_USERNAMES at start-up to the accounts that exist, and reports what it did', async () => {
    const existing = await signUp(t);
    const missing = uniqueUsername('nobody');
    expect(await applyAdminUsernames(t.db, [existing.username.toLowerCase(), missing, admin.username.toLowerCase()])).toEqual({
      granted: [existing.username],
      alreadyAdmin: [admin.username],
      missing: [missing],
    });
    expect(await roleOf(existing.token)).toBe('admin');
    // buildApp applies the variable as it starts.
    const other = await signUp(t);
    const started = await buildApp({ config: { ...t.config, adminUsernames: [other.username.toLowerCase()] }, db: t.db, logger: false });
    await started.close();
    expect(await roleOf(other.token)).toBe('admin');
  });

  it('grants, revokes and lists through the operator functions (npm run admin)', async () => {
    const user = await signUp(t);
    expect(await setRoleByUsername(t.db, user.username.toUpperCase(), 'admin')).toMatchObject({ before: 'user', after: 'admin' });
    expect((await listAdmins(t.db)).map((row) => row.id)).toContain(user.id);
    expect(await setRoleByUsername(t.db, user.username, 'user')).toMatchObject({ before: 'admin', after: 'user' });
    expect(await roleOf(user.token)).toBe('user');
    expect(await setRoleByUsername(t.db, uniqueUsername('ghost'), 'admin')).toBeNull();
  });
});
