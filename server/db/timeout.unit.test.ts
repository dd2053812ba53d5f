import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTimeout } from './timeout';

/** A peer that answers every line at once, as a healthy database answers `SELECT 1`. */
let peer: net.Server;
let port = 0;
beforeAll(async () => {
  peer = net.createServer((socket) => socket.on('data', () => socket.write('1\n')));
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  port = (peer.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

/** Opens a connection; `ask()` sends a line and answers when the peer's reply has been read. */
async function connection(): Promise<{ ask: () => Promise<string>; close: () => void }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  return {
    ask: () =>
      new Promise<string>((resolve) => {
        socket.once('data', (data) => resolve(data.toString().trim()));
        socket.write('SELECT 1\n');
      }),
    close: () => socket.destroy(),
  };
}

const timedOut = () => new Error('no answer');
/** Keeps the event loop busy for `ms`, as a long render or a starved CPU does. */
const block = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};

describe('withTimeout', () => {
  it('answers with the promise when it settles in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 50, timedOut)).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('refused')), 50, timedOut)).rejects.toThrow('refused');
  });

  it('rejects with the given error when nothing answers', async () => {
    await expect(withTimeout(new Promise(() => {}), 30, timedOut)).rejects.toThrow('no answer');
  });

  it('does not blame the peer for this process’s stall: an answer that arrived while the loop was blocked wins', async () => {
    // The peer answers within a millisecond, but this process's loop is blocked for 150 ms: when it
    // resumes, the 50 ms timer runs (timers come first) while the answer still sits unread in the socket.
    const peerConnection = await connection();
    try {
      const waited = withTimeout(peerConnection.ask(), 50, timedOut);
      block(150);
      await expect(waited).resolves.toBe('1');
    } finally {
      peerConnection.close();
    }
  });

  it('gives a peer its full time again after a stall, and still times out a silent one', async () => {
    const started = performance.now();
    const waited = withTimeout(new Promise(() => {}), 40, timedOut);
    block(100);
    await expect(waited).rejects.toThrow('no answer');
    // The stalled expiry restarted the wait: at least one whole further 40 ms passed on a running loop.
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
