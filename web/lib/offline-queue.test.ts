import { describe, expect, it } from 'vitest';
import { memoryQueueStore, OfflineQueue, outcomeOfStatus, type NewWrite, type QueuedWrite, type SendOutcome } from './offline-queue';

const write = (key: string, overrides: Partial<NewWrite> = {}): NewWrite => ({
  key,
  userId: 'alice',
  kind: 'task-complete',
  method: 'PATCH',
  path: `/api/tasks/${key}`,
  body: { completed: true },
  ...overrides,
});

/** A server stand-in: answers from `script` per key (default 200), records every request. */
function server(script: Record<string, SendOutcome> = {}) {
  const received: QueuedWrite[] = [];
  const send = async (queued: QueuedWrite): Promise<SendOutcome> => {
    received.push(queued);
    return script[queued.key] ?? { kind: 'sent', status: 200, body: { id: queued.key } };
  };
  return { received, send };
}

describe('OfflineQueue', () => {
  it('sends waiting writes in the order they were made and then forgets them', async () => {
    const queue = new OfflineQueue(memoryQueueStore());
    await queue.enqueue(write('b'), new Date('2026-11-24T10:00:00Z'));
    await queue.enqueue(write('a'), new Date('2026-11-24T10:00:00Z'));
    await queue.enqueue(write('c', { kind: 'task-create', method: 'POST', path: '/api/tasks' }));
    const { received, send } = server();
    const result = await queue.replay('alice', send);
    expect(received.map((sent) => sent.key)).toEqual(['b', 'a', 'c']);
    expect(result.sent.map(({ write: sent }) => sent.key)).toEqual(['b', 'a', 'c']);
    expect(queue.snapshot()).toEqual([]);
  });

  it('sends each write once, however many rounds are asked for at the same time', async () => {
    const queue = new OfflineQueue(memoryQueueStore());
    await queue.enqueue(write('a'));
    await queue.enqueue(write('b'));
    const { received, send } = server();
    await Promise.all([queue.replay('alice', send), queue.replay('alice', send), queue.replay('alice', send)]);
    await queue.replay('alice', send);
    expect(received.map((sent) => sent.key)).toEqual(['a', 'b']);
  });

  it('shares the store between tabs: a second queue finds nothing left once the first has sent', async () => {
    const store = memoryQueueStore();
    const first = new OfflineQueue(store);
    const second = new OfflineQueue(store);
    await first.enqueue(write('a'));
    await second.load();
    const { received, send } = server();
    await first.replay('alice', send);
    await second.replay('alice', send);
    expect(received.map((sent) => sent.key)).toEqual(['a']);
  });

  it('keeps the same Idempotency-Key through a retry after an unreachable network', async () => {
    const queue = new OfflineQueue(memoryQueueStore());
    await queue.enqueue(write('a'));
    await queue.enqueue(write('b'));
    const offline = server({ a: { kind: 'later' } });
    const stopped = await queue.replay('alice', offline.send);
    expect(stopped).toMatchObject({ stopped: true, sent: [] });
    expect(offline.received.map((sent) => sent.key)).toEqual(['a']);
    const online = server();
    await queue.replay('alice', online.send);
    expect(online.received.map((sent) => sent.key)).toEqual(['a', 'b']);
  });

  it('treats a thrown sender (fetch failed) as "try later"', async () => {
    const queue = new OfflineQueue(memoryQueueStore());
    await queue.enqueue(write('a'));
    const result = await queue.replay('alice', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(result.stopped).toBe(true);
    expect(queue.snapshot().map((kept) => kept.key)).toEqual(['a']);
  });

  it('marks a refused write, never sends it again, goes on with the next, and forgets it only when dismissed', async () => {
    const queue = new OfflineQueue(memoryQueueStore());
    await queue.enqueue(write('gone'));
    await queue.enqueue(write('ok'));
    const refusal = JSON.stringify({ status: 404, code: 'not_found', message: 'Task not found' });
    const first = server({ gone: { kind: 'refused', status: 404, body: refusal } });
    const result = await queue.replay('alice', first.send);
    expect(result.refused.map((refused) => [refused.key, refused.refused])).toEqual([['gone', { status: 404, body: refusal }]]);
    expect(result.sent.map(({ write: sent }) => sent.key)).toEqual(['ok']);
    expect(queue.snapshot().map((kept) => [kept.key, kept.refused?.status])).toEqual([['gone', 404]]);
    const again = server();
    await queue.replay('alice', again.send);
    expect(again.received).toEqual([]);
    await queue.dismiss('gone');
    expect(queue.snapshot()).toEqual([]);
  });

  it("sends only the signed-in user's writes; another user's wait for them", async () => {
    const queue = new OfflineQueue(memoryQueueStore());
    await queue.enqueue(write('alice-1'));
    await queue.enqueue(write('bob-1', { userId: 'bob' }));
    const { received, send } = server();
    await queue.replay('bob', send);
    expect(received.map((sent) => sent.key)).toEqual(['bob-1']);
    expect(queue.snapshot().map((kept) => kept.key)).toEqual(['alice-1']);
  });

  it('tells its listeners of a refresh only when another tab changed the store, keeping the snapshot otherwise', async () => {
    const store = memoryQueueStore();
    const queue = new OfflineQueue(store);
    const otherTab = new OfflineQueue(store);
    await queue.enqueue(write('kept'));
    let heard = 0;
    queue.subscribe(() => heard++);
    const before = queue.snapshot();
    await queue.refresh();
    expect(heard).toBe(0);
    expect(queue.snapshot()).toBe(before);

    await otherTab.enqueue(write('added'));
    await queue.refresh();
    expect(heard).toBe(1);
    expect(queue.snapshot().map((kept) => kept.key)).toEqual(['kept', 'added']);

    await otherTab.amend('added', (kept) => ({ ...kept, body: { completed: false } }));
    await queue.refresh();
    expect(heard).toBe(2);
    expect(queue.snapshot()[1]?.body).toEqual({ completed: false });
  });

  it('amends a write not sent yet, keeping its key and place', async () => {
    const queue = new OfflineQueue(memoryQueueStore());
    await queue.enqueue(write('new', { kind: 'task-create', method: 'POST', path: '/api/tasks', body: { title: 'Read' } }));
    await queue.enqueue(write('other'));
    await queue.amend('new', (kept) => ({ ...kept, body: { ...kept.body, completed: true } }));
    const { received, send } = server();
    await queue.replay('alice', send);
    expect(received.map((sent) => [sent.key, sent.body])).toEqual([
      ['new', { title: 'Read', completed: true }],
      ['other', { completed: true }],
    ]);
    expect(await queue.amend('new', (kept) => kept)).toBeNull();
  });

  it('holds the lock around a whole round', async () => {
    const events: string[] = [];
    const queue = new OfflineQueue(memoryQueueStore(), async (task) => {
      events.push('lock');
      const value = await task();
      events.push('unlock');
      return value;
    });
    await queue.enqueue(write('a'));
    await queue.replay('alice', async (sent) => {
      events.push(`send ${sent.key}`);
      return { kind: 'sent', status: 200, body: null };
    });
    expect(events).toEqual(['lock', 'send a', 'unlock']);
  });
});

describe('outcomeOfStatus', () => {
  it.each([
    [200, 'sent'],
    [201, 'sent'],
    [400, 'refused'],
    [404, 'refused'],
    [409, 'refused'],
    [401, 'later'],
    [408, 'later'],
    [429, 'later'],
    [500, 'later'],
    [503, 'later'],
  ])('%i → %s', (status, kind) => {
    expect(outcomeOfStatus(status, '', null).kind).toBe(kind);
  });
});
