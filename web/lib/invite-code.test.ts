import { describe, expect, it } from 'vitest';
import { codeFromInput, looksLikeInviteCode } from './invite-code';

describe('invite code input', () => {
  it('takes a typed code in any case, with spaces or a dash, or the code of a pasted link', () => {
    expect(codeFromInput(' abcd-2345 ')).toBe('ABCD2345');
    expect(codeFromInput('k7mn 8pqr')).toBe('K7MN8PQR');
    expect(codeFromInput('https://studypilot.example/join/k7mn8pqr?x=1')).toBe('K7MN8PQR');
    expect(codeFromInput('   ')).toBe('');
  });

  it('refuses what cannot be a code before asking the server', () => {
    expect(looksLikeInviteCode('K7MN8PQR')).toBe(true);
    expect(looksLikeInviteCode('')).toBe(false);
    expect(looksLikeInviteCode('AB')).toBe(false);
    expect(looksLikeInviteCode('K7MN/8PQR')).toBe(false);
  });
});
