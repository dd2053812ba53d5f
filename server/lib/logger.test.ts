import { Writable } from 'node:stream';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { signUp } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { loggerOptions, statementName } from './logger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A logger configured like the server's, writing its JSON lines into a string. */
function capturingLogger(): { log: pino.Logger; output: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const options = loggerOptions('info') as pino.LoggerOptions;
  return { log: pino(options, stream), output: () => text };
}

describe('error logs carry no query values', () => {
  it('logs a failed query by statement name and error code, without its parameters or row detail', async () => {
    const existing = await signUp(t);
    const secretEmail = 'private.person@example.org';
    const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVl';
    const error = await t.db
      .insert(users)
      .values({ username: existing.username, passwordHash: secretHash, email: secretEmail, trialEndDate: new Date() })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    const { log, output } = capturingLogger();
    log.error({ err: error }, 'unhandled error');
    const line = output();
    for (const secret of [existing.username, secretEmail, secretHash, 'c2VjcmV0']) expect(line).not.toContain(secret);
    const parsed = JSON.parse(line);
    expect(parsed.err).toMatchObject({ statement: 'insert users', cause: { code: '23505', constraint: 'users_username_lower_idx' } });
  });

  it('keeps an ordinary error readable, minus value-bearing keys', () => {
    const { log, output } = capturingLogger();
    const error = Object.assign(new Error('boom'), { parameters: ['alice@example.org'], statusCode: 500 });
    log.error({ err: error }, 'unhandled error');
    const parsed = JSON.parse(output());
    expect(parsed.err).toMatchObject({ type: 'Error', message: 'boom', statusCode: 500 });
    expect(output()).not.toContain('alice@example.org');
  });

  it('names statements without values', () => {
    expect(statementName('insert into "users" ("id", "username") values (default, $1)')).toBe('insert users');
    expect(statementName('select "id" from "sessions" inner join "users" on …')).toBe('select sessions');
    expect(statementName('update "tasks" set "title" = $1')).toBe('update tasks');
    expect(statementName('delete from "login_failures" where …')).toBe('delete login_failures');
  });
});
