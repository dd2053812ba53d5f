import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1): ≈7 ms a hash on our 2-core machines.
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (an ambient const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for an account without a password (single sign-on only, decision 204), after the same work as a check. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await burnPasswordCheck(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the user does not exist, so that "no such user" and "wrong
// password" take the same time and cannot be told apart.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('studypilot-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

const COMMON_PASSWORD_COUNT = 10_000;
let commonPasswords: Set<string> | undefined;

/**
 * True for the 10,000 most common passwords (ranked list shipped in @zxcvbn-ts/language-common),
 * compared case-insensitively so that "Password1" does not slip past "password1".
 */
export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    const require = createRequire(import.meta.url);
    const ranked = require('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    commonPasswords = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((entry) => entry.toLowerCase()));
  }
  return commonPasswords.has(password.toLowerCase());
}
