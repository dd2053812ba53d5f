import { createHash } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { ErrorCode } from '../../../common/schemas/error-codes';

/**
 * Fetching a feed URL a user typed (decision 203): an SSRF risk, so
 * - https only (webcal:// is https; http only to a loopback host, and only with the test-only flag),
 * - the host is resolved here, every address checked (private, loopback, link-local, metadata, CGNAT,
 *   multicast, reserved — IPv4 and IPv6, v4-mapped too), and the socket connects to the address that
 *   was checked (the `lookup` hook answers it), so a second DNS answer cannot slip in (no TOCTOU),
 * - the same after every redirect, at most 3 of them,
 * - 5 s for the whole exchange, every DNS lookup and redirect included, 5 MiB of body at most.
 * Each refusal has its own code (common/schemas/error-codes.ts).
 */
export const FEED_TIMEOUT_MS = 5_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 3;

export type FeedFetchCode = Extract<
  ErrorCode,
  | 'feed_url_invalid'
  | 'feed_address_refused'
  | 'feed_too_many_redirects'
  | 'feed_timeout'
  | 'feed_too_large'
  | 'feed_unreachable'
  | 'feed_http_error'
>;

export class FeedFetchError extends Error {
  constructor(
    readonly code: FeedFetchCode,
    message: string,
  ) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

/** The host's addresses, as DNS answers them (injected in tests to answer a private address). */
export type Resolver = (host: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

export type FeedFetchOptions = {
  resolver?: Resolver;
  /** Test-only (LMS_FEEDS_ALLOW_HTTP_LOCALHOST): http:// to localhost/127.0.0.1, for the local fixture server. */
  allowHttpLocalhost?: boolean;
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
};

export type FeedFetchResult =
  | { status: 'not_modified' }
  | { status: 'ok'; body: string; hash: string; etag: string | null; lastModified: string | null; finalUrl: string };

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 23],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address carried in an IPv6 one (::ffff:a.b.c.d, ::a.b.c.d, NAT64 64:ff9b::a.b.c.d), else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True for an address no feed may live at: private, loopback, link-local (169.254.169.254, the metadata service), … */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL to fetch for what the user typed: webcal:// is https://; anything else but https:// is refused. */
export function feedUrlOf(input: string, allowHttpLocalhost = false): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new FeedFetchError('feed_url_invalid', 'This is not a web address');
  }
  if (url.protocol === 'webcal:' || url.protocol === 'webcals:') url = new URL(`https:${url.href.slice(url.protocol.length)}`);
  if (url.username || url.password) throw new FeedFetchError('feed_url_invalid', 'A feed address may not carry a user name or password');
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && allowHttpLocalhost && LOOPBACK_HOSTS.has(url.hostname)) return url;
  throw new FeedFetchError('feed_url_invalid', 'Only https:// and webcal:// feed addresses are accepted');
}

function isLocalTestTarget(url: URL, allowHttpLocalhost: boolean): boolean {
  return allowHttpLocalhost && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** `promise`, or a rejection as soon as `signal` aborts (a DNS lookup cannot be cancelled, but need not be waited for). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

const timedOut = () => new FeedFetchError('feed_timeout', 'The feed did not answer within 5 seconds');

/**
 * Resolves `host` and checks every answer; the first allowed address is the one connected to. The lookup
 * is inside the exchange's deadline (`signal`): a resolver that never answers is a timeout, not a hang.
 */
async function checkedAddress(
  host: string,
  resolver: Resolver,
  localTest: boolean,
  signal: AbortSignal,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  let answers: Array<{ address: string; family: 4 | 6 }>;
  if (isIP(bare)) answers = [{ address: bare, family: isIP(bare) === 6 ? 6 : 4 }];
  else {
    try {
      answers = await untilAborted(resolver(bare), signal);
    } catch {
      if (signal.aborted) throw timedOut();
      throw new FeedFetchError('feed_unreachable', 'The feed’s server name could not be found');
    }
  }
  if (answers.length === 0) throw new FeedFetchError('feed_unreachable', 'The feed’s server name could not be found');
  // One refused answer refuses the host: a name that points inside the network is not a school's feed.
  if (!localTest && answers.some((answer) => isRefusedAddress(answer.address)))
    throw new FeedFetchError('feed_address_refused', 'This address points inside a private network and cannot be fetched');
  // The local test server listens on 127.0.0.1: prefer an IPv4 answer.
  return answers.find((answer) => answer.family === 4) ?? answers[0]!;
}

type OneResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer | null };

function requestOnce(
  url: URL,
  target: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  signal: AbortSignal,
  maxBytes: number,
): Promise<OneResponse> {
  // The socket goes to the checked address: the lookup hook answers it instead of asking DNS again.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OneResponse>((resolve, reject) => {
    const request = client.request(url, { method: 'GET', headers, lookup, signal, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        resolve({ status, headers: response.headers, body: null });
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        reject(new FeedFetchError('feed_too_large', 'The feed is larger than 5 MB'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          reject(new FeedFetchError('feed_too_large', 'The feed is larger than 5 MB'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

function header(headers: http.IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
}

/** Fetches a feed (conditional GET with the stored ETag/Last-Modified); see the file's comment for the rules. */
export async function fetchFeed(input: string, options: FeedFetchOptions = {}): Promise<FeedFetchResult> {
  const resolver = options.resolver ?? systemResolver;
  const allowHttpLocalhost = options.allowHttpLocalhost ?? false;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const signal = AbortSignal.timeout(options.timeoutMs ?? FEED_TIMEOUT_MS);
  let url = feedUrlOf(input, allowHttpLocalhost);
  for (let redirects = 0; ; redirects += 1) {
    const target = await checkedAddress(url.hostname, resolver, isLocalTestTarget(url, allowHttpLocalhost), signal);
    const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'StudyPilot calendar import' };
    // The validators belong to the address the user gave; a redirect is asked afresh.
    if (redirects === 0 && options.etag) headers['if-none-match'] = options.etag;
    if (redirects === 0 && options.lastModified) headers['if-modified-since'] = options.lastModified;
    let response: OneResponse;
    try {
      response = await requestOnce(url, target, headers, signal, maxBytes);
    } catch (error) {
      if (error instanceof FeedFetchError) throw error;
      if (signal.aborted) throw timedOut();
      throw new FeedFetchError('feed_unreachable', 'The feed’s server could not be reached');
    }
    if (response.status === 304) return { status: 'not_modified' };
    if ([301, 302, 303, 307, 308].includes(response.status)) {
      const location = header(response.headers, 'location');
      if (!location) throw new FeedFetchError('feed_http_error', `The feed answered ${response.status} without a new address`);
      if (redirects >= FEED_MAX_REDIRECTS) throw new FeedFetchError('feed_too_many_redirects', 'The feed redirected more than 3 times');
      const next = new URL(location, url);
      url = feedUrlOf(next.href, allowHttpLocalhost);
      continue;
    }
    if (response.status !== 200 || !response.body)
      throw new FeedFetchError('feed_http_error', `The feed’s server answered ${response.status}`);
    return {
      status: 'ok',
      body: response.body.toString('utf8'),
      hash: createHash('sha256').update(response.body).digest('hex'),
      etag: header(response.headers, 'etag'),
      lastModified: header(response.headers, 'last-modified'),
      finalUrl: url.href,
    };
  }
}

/** The content hash of an uploaded file's text (the same as a fetched body's). */
export function contentHash(text: string): string {
  return createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
}
