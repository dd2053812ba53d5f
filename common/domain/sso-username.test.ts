import { describe, expect, it } from 'vitest';
import { USERNAME_MAX, USERNAME_PATTERN } from '../schemas/auth.schema';
import { SSO_FALLBACK_USERNAME, ssoUsernameBase, usernameCandidates } from './sso-username';

describe('ssoUsernameBase', () => {
  it.each([
    [{ preferred_username: 'ana.lopez' }, 'ana.lopez'],
    [{ preferred_username: 'Ana López', email: 'x@school.edu' }, 'Ana.Lopez'],
    [{ preferred_username: 'ab', email: 'jules.martin@lycee.fr' }, 'jules.martin'],
    [{ email: 'müller+news@schule.de' }, 'mullernews'],
    [{ name: 'Zoë  de  Vries' }, 'Zoe.de.Vries'],
    [{ name: '王小明' }, SSO_FALLBACK_USERNAME],
    [{ preferred_username: '山田', email: 'yamada@school.jp' }, 'yamada'],
    [{ preferred_username: 42, email: null, name: undefined }, SSO_FALLBACK_USERNAME],
    [{}, SSO_FALLBACK_USERNAME],
    [{ preferred_username: '..__--' }, SSO_FALLBACK_USERNAME],
    [{ preferred_username: '.lead.and.trail.' }, 'lead.and.trail'],
  ])('%j → %s', (claims, expected) => {
    expect(ssoUsernameBase(claims)).toBe(expected);
  });

  it('keeps room for a suffix and stays a valid name', () => {
    const base = ssoUsernameBase({ preferred_username: 'a'.repeat(80) });
    expect(base.length).toBeLessThanOrEqual(USERNAME_MAX - 7);
    for (const name of usernameCandidates(base)) {
      expect(name).toMatch(USERNAME_PATTERN);
      expect(name.length).toBeLessThanOrEqual(USERNAME_MAX);
    }
  });
});

describe('usernameCandidates', () => {
  it('tries the base first, then numbered names', () => {
    expect(usernameCandidates('ana', 4)).toEqual(['ana', 'ana-2', 'ana-3', 'ana-4']);
  });
});
