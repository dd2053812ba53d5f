import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_MAX_BYTES, feedUrlOf, fetchFeed, isRefusedAddress, type Resolver } from './feed-fetch';

/** A local stand-in for a school's server: each path is one behaviour. */
let server: Server;
let base: string;
const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nEND:VCALENDAR\r\n';

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', base);
  if (url.pathname === '/feed.ics') {
    if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304).end();
    return void response
      .writeHead(200, { 'content-type': 'text/calendar', etag: '"v1"', 'last-modified': 'Wed, 25 Nov 2026 10:00:00 GMT' })
      .end(calendar);
  }
  if (url.pathname === '/redirect') return void response.writeHead(302, { location: url.searchParams.get('to')! }).end();
  if (url.pathname === '/loop') {
    const n = Number(url.searchParams.get('n') ?? 0);
    return void response.writeHead(301, { location: n >= 10 ? '/feed.ics' : `/loop?n=${n + 1}` }).end();
  }
  if (url.pathname === '/hops') {
    const left = Number(url.searchParams.get('left'));
    return void response.writeHead(307, { location: left === 0 ? '/feed.ics' : `/hops?left=${left - 1}` }).end();
  }
  if (url.pathname === '/huge') {
    response.writeHead(200, { 'content-type': 'text/calendar' });
    const chunk = Buffer.alloc(64 * 1024, 'A');
    let sent = 0;
    const write = () => {
      while (sent <= FEED_MAX_BYTES) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', write);
      }
      response.end();
    };
    return write();
  }
  if (url.pathname === '/huge-declared') return void response.writeHead(200, { 'content-length': String(FEED_MAX_BYTES + 1) }).end();
  if (url.pathname === '/slow') return; // never answers
  response.writeHead(404).end('not here');
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Answers every local name with 127.0.0.1 and the listed names with their addresses; counts the questions. */
function resolverOf(answers: Record<string, string[]> = {}) {
  const asked: string[] = [];
  const resolver: Resolver = async (host) => {
    asked.push(host);
    if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
    const list = answers[host];
    if (!list) throw new Error('ENOTFOUND');
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolver, asked };
}
const local = { allowHttpLocalhost: true };

describe('isRefusedAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.20', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00:ec2::254', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:a9fe:a9fe', true],
    ['64:ff9b::10.0.0.1', true],
    ['not an address', true],
    ['93.184.215.14', false],
    ['172.32.0.1', false],
    ['2606:4700::6810:84e5', false],
    ['::ffff:93.184.215.14', false],
  ])('%s → %s', (address, refused) => {
    expect(isRefusedAddress(address)).toBe(refused);
  });
});

describe('feedUrlOf', () => {
  it('reads webcal:// as https://', () => {
    expect(feedUrlOf('webcal://canvas.example.edu/feeds/calendars/user_abc.ics').href).toBe(
      'https://canvas.example.edu/feeds/calendars/user_abc.ics',
    );
  });
  it.each([
    'http://canvas.example.edu/feed.ics',
    'ftp://x.example/feed.ics',
    'file:///etc/passwd',
    'not a url',
    'https://user:pw@x.example/feed.ics',
  ])('refuses %s', (input) => {
    expect(() => feedUrlOf(input)).toThrow(expect.objectContaining({ code: 'feed_url_invalid' }));
  });
  it('takes http:// to localhost only behind the test-only flag', () => {
    expect(() => feedUrlOf('http://localhost:3000/x.ics')).toThrow(expect.objectContaining({ code: 'feed_url_invalid' }));
    expect(feedUrlOf('http://localhost:3000/x.ics', true).protocol).toBe('http:');
    expect(() => feedUrlOf('http://lms.example.edu/x.ics', true)).toThrow(expect.objectContaining({ code: 'feed_url_invalid' }));
  });
});

describe('fetchFeed', () => {
  it('fetches a feed with its validators, and a conditional GET answers not modified', async () => {
    const { resolver, asked } = resolverOf();
    const first = await fetchFeed(`${base}/feed.ics`, { ...local, resolver });
    expect(first).toMatchObject({ status: 'ok', body: calendar, etag: '"v1"', lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT' });
    // One question to DNS, and the socket went to its answer (the server listens on 127.0.0.1 only).
    expect(asked).toEqual(['localhost']);
    expect(await fetchFeed(`${base}/feed.ics`, { ...local, resolver, etag: '"v1"' })).toEqual({ status: 'not_modified' });
  });

  it.each([
    ['https://127.0.0.1/feed.ics'],
    ['https://10.0.0.8/feed.ics'],
    ['https://169.254.169.254/latest/meta-data/'],
    ['https://[::1]/feed.ics'],
    ['https://[::ffff:127.0.0.1]/feed.ics'],
    ['webcal://192.168.0.1/feed.ics'],
  ])('refuses %s before connecting', async (url) => {
    await expect(fetchFeed(url, { resolver: resolverOf().resolver })).rejects.toMatchObject({ code: 'feed_address_refused' });
  });

  it('refuses a name DNS answers with a private address (and one private among public ones)', async () => {
    const { resolver } = resolverOf({ 'lms.example.edu': ['10.20.30.40'], 'mixed.example.edu': ['93.184.215.14', '127.0.0.1'] });
    await expect(fetchFeed('https://lms.example.edu/feed.ics', { resolver })).rejects.toMatchObject({ code: 'feed_address_refused' });
    await expect(fetchFeed('https://mixed.example.edu/feed.ics', { resolver })).rejects.toMatchObject({ code: 'feed_address_refused' });
  });

  it('refuses a redirect into a private or metadata address, checked after the redirect', async () => {
    const { resolver, asked } = resolverOf({ 'internal.example.edu': ['192.168.10.5'] });
    const to = (target: string) => `${base}/redirect?to=${encodeURIComponent(target)}`;
    await expect(fetchFeed(to('https://169.254.169.254/latest/meta-data/'), { ...local, resolver })).rejects.toMatchObject({
      code: 'feed_address_refused',
    });
    await expect(fetchFeed(to('https://internal.example.edu/feed.ics'), { ...local, resolver })).rejects.toMatchObject({
      code: 'feed_address_refused',
    });
    expect(asked).toContain('internal.example.edu');
    await expect(fetchFeed(to('http://10.0.0.1/feed.ics'), { ...local, resolver })).rejects.toMatchObject({ code: 'feed_url_invalid' });
  });

  it('follows up to 3 redirects and refuses a 4th', async () => {
    const { resolver } = resolverOf();
    expect(await fetchFeed(`${base}/hops?left=2`, { ...local, resolver })).toMatchObject({ status: 'ok' });
    await expect(fetchFeed(`${base}/hops?left=3`, { ...local, resolver })).rejects.toMatchObject({ code: 'feed_too_many_redirects' });
    await expect(fetchFeed(`${base}/loop`, { ...local, resolver })).rejects.toMatchObject({ code: 'feed_too_many_redirects' });
  });

  it('stops at 5 MiB, streamed or declared', async () => {
    const { resolver } = resolverOf();
    await expect(fetchFeed(`${base}/huge`, { ...local, resolver })).rejects.toMatchObject({ code: 'feed_too_large' });
    await expect(fetchFeed(`${base}/huge-declared`, { ...local, resolver })).rejects.toMatchObject({ code: 'feed_too_large' });
  });

  it('gives up after the timeout', async () => {
    const { resolver } = resolverOf();
    const started = Date.now();
    await expect(fetchFeed(`${base}/slow`, { ...local, resolver, timeoutMs: 300 })).rejects.toMatchObject({ code: 'feed_timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('counts DNS in the timeout: a resolver that never answers is a timeout, first hop or after a redirect', async () => {
    const asked: string[] = [];
    const stalled: Resolver = (host) => {
      asked.push(host);
      if (host === 'localhost') return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      return new Promise(() => {}); // never answers
    };
    const started = Date.now();
    await expect(fetchFeed('https://stalled.example.edu/feed.ics', { resolver: stalled, timeoutMs: 300 })).rejects.toMatchObject({
      code: 'feed_timeout',
    });
    await expect(
      fetchFeed(`${base}/redirect?to=https://stalled.example.edu/feed.ics`, { ...local, resolver: stalled, timeoutMs: 300 }),
    ).rejects.toMatchObject({ code: 'feed_timeout' });
    expect(asked).toEqual(['stalled.example.edu', 'localhost', 'stalled.example.edu']);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('names an HTTP error and an unknown host', async () => {
    const { resolver } = resolverOf();
    await expect(fetchFeed(`${base}/missing`, { ...local, resolver })).rejects.toMatchObject({ code: 'feed_http_error' });
    await expect(fetchFeed('https://no-such-host.example.edu/feed.ics', { resolver })).rejects.toMatchObject({ code: 'feed_unreachable' });
  });
});
