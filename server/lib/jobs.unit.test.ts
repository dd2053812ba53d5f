import { describe, expect, it } from 'vitest';
import { deterministicJobId } from './jobs';

describe('deterministicJobId', () => {
  it('is a version-5-layout UUID of its parts, the same as the ids already in the queue', () => {
    // Ids of jobs waiting in a deployed queue: a change here would schedule their pushes a second time.
    expect(deterministicJobId('task-reminder', 't1@1700000000000@10')).toBe('5e58f98f-754b-57fa-9cab-fe23e3ec3a7f');
    expect(deterministicJobId('focus-alarm', 'u1', 's1')).toBe('7a1a72ef-d849-5ed2-a46f-186cc0daeb34');
    expect(deterministicJobId('focus-alarm', 'u1', 's2')).not.toBe(deterministicJobId('focus-alarm', 'u1', 's1'));
  });
});
