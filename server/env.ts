import path from 'node:path';
import { z } from 'zod';
import { MAX_FILE_BYTES, STORAGE_LIMIT_BYTES } from '../common/schemas/files.schema';

/** Comma-separated list → trimmed, lower-cased, non-empty entries. */
const csv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );

/** A proxy address as Fastify (proxy-addr) takes it: an IP, a CIDR range, or a named range. */
/** Host names of this machine: an http OIDC issuer is accepted only there (a provider run beside the tests). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(\/\d{1,3})?)$/;

/**
 * TRUST_PROXY: unset, `false` or `0` trusts nothing (X-Forwarded-* are ignored and the socket address
 * is the client); a number trusts that many hops; a comma-separated list trusts those addresses. `true`
 * is refused: it would let any client choose its own address (docs/decisions/072).
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, context): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !PROXY_ADDRESS.test(entry));
    if (bad.length > 0 || entries.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `expected a hop count or comma-separated proxy addresses (IP, CIDR, loopback), got ${bad.join(', ') || text}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * A direct (session-mode) connection to the same primary, when DATABASE_URL goes through a
   * transaction-mode pooler such as PgBouncer (decision 200): migrations, the job queue and anything
   * holding session state use it; setting it tells the request pool that DATABASE_URL is such a pooler.
   */
  DATABASE_SESSION_URL: z.string().url().optional(),
  /** A streaming read replica of the primary for heavy reads (decision 200); optional. */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /** API requests one instance answers at once; more are answered 503 at once (decision 201). 0: no bound. */
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(100),
  /**
   * Memory in MB one instance gives its list caches (rendered bodies, row texts, last renders; decision
   * 252). 72 keeps the server's RSS under the bench's load below 200 MB; an instance whose students keep
   * long lists (thousands of study sessions) reads them faster with more.
   */
  LIST_CACHE_MB: z.coerce.number().int().min(8).max(16_384).default(72),
  /**
   * Live update streams (GET /api/live, decision 212) one instance holds open at once; one more is
   * answered 503 with Retry-After. Each costs a socket and a few kilobytes, no database connection.
   */
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Heavy reads go to the primary while the replica is further behind than this many seconds. */
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  ADMIN_USERNAMES: csv,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The public origin (scheme, host, port) when it differs from what the server sees (reverse proxies):
   * allowed for cookie-authenticated writes besides the request's own origin, and the target of the
   * port-5000 redirect.
   */
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL')
    .transform((value) => new URL(value).origin)
    .optional(),
  /**
   * The payment mode when it is not Stripe's (docs/decisions/183): `test` chooses the test-mode provider
   * (everyone may subscribe for free) on a deployment; `stripe` insists on the keys.
   */
  PAYMENTS: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Single sign-on through OpenID Connect (decisions 204-205): all three, or no SSO button. The issuer is
   * https, or http only on a loopback address (a provider run beside the tests).
   */
  OIDC_ISSUER: z
    .string()
    .url()
    .refine((value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    }, 'must be an https URL (http only on a loopback address)')
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The name on the button, "Sign in with <name>" (default: the issuer's host name). */
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(60).optional(),
  /** Each call to the provider (discovery, token, user info, keys) gives up after this many seconds. */
  OIDC_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  /** Directory of the built web client; the server serves it when it exists. */
  WEB_DIST_DIR: z.string().default('./dist/web'),
  /** Auth rate limit per IP per minute; tests raise it. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Writes (POST, PUT, PATCH, DELETE) per signed-in user per minute. */
  WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  TRUST_PROXY: trustProxySchema,
  /**
   * Strict-Transport-Security max-age in seconds, sent on answers to requests that came over HTTPS
   * (directly, or through a proxy TRUST_PROXY trusts); 0 sends none (docs/decisions/185). Default one year.
   */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
  /**
   * How long a looked-up session may answer from memory (decision 093); 0 turns the cache off. Also
   * the bound on how late a change made on another instance (sign-out, role) is seen here.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** `1` adds the reference routes `npm run bench` compares against (features/bench); never in production. */
  /**
   * Test-only (the browser tests' local calendar server): school calendar feeds may be fetched over
   * http:// from localhost. Never set it on a deployment; the server logs it at every start.
   */
  LMS_FEEDS_TEST_ALLOW_HTTP_LOCALHOST: z.enum(['1']).optional(),
  BENCH_REFERENCE_ROUTES: z.enum(['0', '1']).default('0'),
  /** Web Push (docs/operations.md): both keys, or neither (then generated once into DATA_DIR/vapid.json). */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Who the push services may contact about this server: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .refine((value) => /^(mailto:|https:)/.test(value), 'must be a mailto: or https: URL')
    .optional(),
  /** Host names (or suffixes after a dot) of the push services the server will deliver to. */
  PUSH_SERVICE_HOSTS: csv,
  /** How often each instance asks the job queue for due work, in seconds (pg-boss polling). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** S3-compatible storage for uploaded files (docs/decisions/137); without S3_BUCKET files go to DATA_DIR/files. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /**
   * Prometheus metrics at GET /api/metrics for scrapes that send it as a bearer token (docs/decisions/198);
   * unset: the path answers 404. At least 16 characters (e.g. `openssl rand -hex 32`).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)').optional(),
  /** The largest single upload in bytes (default 100 MiB; at most the 2 GiB quota). The web page's early check stays at 100 MiB. */
  FILE_MAX_BYTES: z.coerce.number().int().positive().max(STORAGE_LIMIT_BYTES).default(MAX_FILE_BYTES),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_SESSION_URL: set when databaseUrl is a transaction-mode pooler (decision 200). */
  databaseSessionUrl: string | undefined;
  /** API requests in flight per instance before it sheds with 503 (0: never). */
  maxInFlightRequests: number;
  /** LIST_CACHE_MB: the list caches' memory per instance (decision 252), set once by server/main.ts. */
  listCacheMb: number;
  /**
   * Live update streams (decision 212): at most `maxStreams` open on this instance (LIVE_MAX_STREAMS).
   * `pingMs`: the keep-alive comment's interval, 25 s (tests only shorten it; never from the environment).
   */
  live: { maxStreams: number; pingMs: number };
  /** The read replica for heavy reads, and the lag beyond which they go to the primary. */
  replica: { url: string; maxLagSeconds: number } | undefined;
  adminUsernames: string[];
  logLevel: string;
  publicOrigin: string | undefined;
  /** `api`: where the Stripe SDK sends its calls (tests point it at a local stand-in; default api.stripe.com). */
  stripe: { secretKey: string; webhookSecret: string; api?: { host: string; port: number; protocol: 'http' | 'https' } } | undefined;
  /** PAYMENTS as set (server/lib/payments.ts paymentModeOf decides the mode from it and the rest). */
  paymentsChoice: 'test' | 'stripe' | undefined;
  /** Single sign-on (decision 204); `timeoutSeconds` bounds every call to the provider. */
  oidc: { issuer: string; clientId: string; clientSecret: string; providerName: string; timeoutSeconds: number } | undefined;
  webDistDir: string;
  authRateLimitPerMinute: number;
  writeRateLimitPerMinute: number;
  /** Fastify's trustProxy: false (the default), a hop count, or proxy addresses. */
  trustProxy: false | number | string[];
  /** Strict-Transport-Security max-age for HTTPS requests; 0: no header (HSTS_MAX_AGE). */
  hstsMaxAgeSeconds: number;
  /** Session cache lifetime in ms (0: off). */
  sessionCacheMs: number;
  /** GET /api/bench/* for `npm run bench`. */
  benchReferenceRoutes: boolean;
  /** Web Push: VAPID keys from the environment (else generated into dataDir), and where pushes may go. */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    /** Push service hosts (exact, or a suffix after a dot); the endpoint of a subscription must match one. */
    serviceHosts: string[];
    /** Tests only (never from the environment): accept http:// endpoints, for a local push-service stand-in. */
    allowInsecureEndpoints: boolean;
  };
  /** pg-boss polling interval in seconds. */
  jobsPollSeconds: number;
  /** The bearer token a metrics scrape sends; undefined: GET /api/metrics is off (404). */
  metricsToken: string | undefined;
  /**
   * School calendar feeds (decision 203). `allowHttpLocalhost`: test-only, http:// to localhost
   * (LMS_FEEDS_TEST_ALLOW_HTTP_LOCALHOST=1 for the browser tests). `resolver` and `clock`: tests only,
   * never from the environment (a DNS that answers a private address; the feeds' fixed "now").
   */
  lmsFeeds: {
    allowHttpLocalhost: boolean;
    resolver?: (host: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;
    clock?: () => Date;
  };
  /** Uploaded files: the quota and per-file limit (tests lower them) and the S3 bucket, if any. */
  files: { quotaBytes: number; maxFileBytes: number; s3: S3Config | undefined };
};

/** An S3-compatible bucket (path-style requests, so MinIO, Garage and s3rver work as well as AWS). */
export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

/**
 * The push services of the browsers people use (Chrome/Edge/Opera/Samsung: FCM, Firefox: Mozilla,
 * Safari: Apple, legacy Edge: WNS). A subscription to any other host is refused: the server would
 * otherwise POST to any URL a user chose.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/** How often an open live stream gets a keep-alive comment: under the 30–60 s idle timeouts of common proxies. */
export const LIVE_PING_MS = 25_000;

/** Reads the environment into a typed config; throws (fail fast) with every problem listed. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set" (e.g. `DATABASE_URL= npm start`).
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (generated into DATA_DIR)',
    );
  }
  if ((env.DATABASE_SESSION_URL || env.DATABASE_REPLICA_URL) && !env.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_SESSION_URL and DATABASE_REPLICA_URL describe an external PostgreSQL: set DATABASE_URL too',
    );
  }
  // One Stripe key without the other used to fall back to the free test-mode provider unnoticed.
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both, or neither');
  }
  // Two of the three OIDC variables would hide the SSO button without a word.
  const oidcSet = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    throw new Error('Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three, or none');
  }
  if (env.PAYMENTS === 'stripe' && !env.STRIPE_SECRET_KEY) {
    throw new Error('Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (env.PAYMENTS === 'test' && env.STRIPE_SECRET_KEY) {
    throw new Error(
      'Invalid configuration:\n  PAYMENTS=test with Stripe keys set: remove the keys or PAYMENTS (docs/operations.md "Payments")',
    );
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseSessionUrl: env.DATABASE_SESSION_URL,
    maxInFlightRequests: env.MAX_IN_FLIGHT_REQUESTS,
    listCacheMb: env.LIST_CACHE_MB,
    live: { maxStreams: env.LIVE_MAX_STREAMS, pingMs: LIVE_PING_MS },
    replica: env.DATABASE_REPLICA_URL ? { url: env.DATABASE_REPLICA_URL, maxLagSeconds: env.REPLICA_MAX_LAG_SECONDS } : undefined,
    adminUsernames: env.ADMIN_USERNAMES,
    logLevel: env.LOG_LEVEL,
    publicOrigin: env.PUBLIC_ORIGIN,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : undefined,
    paymentsChoice: env.PAYMENTS,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            providerName: env.OIDC_PROVIDER_NAME ?? new URL(env.OIDC_ISSUER).hostname,
            timeoutSeconds: env.OIDC_TIMEOUT_SECONDS,
          }
        : undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT,
    writeRateLimitPerMinute: env.WRITE_RATE_LIMIT,
    trustProxy: env.TRUST_PROXY,
    hstsMaxAgeSeconds: env.HSTS_MAX_AGE,
    sessionCacheMs: env.SESSION_CACHE_MS,
    metricsToken: env.METRICS_TOKEN,
    benchReferenceRoutes: env.BENCH_REFERENCE_ROUTES === '1',
    push: {
      vapid:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : undefined,
      subject: env.VAPID_SUBJECT ?? (env.PUBLIC_ORIGIN?.startsWith('https:') ? env.PUBLIC_ORIGIN : 'mailto:admin@studypilot.invalid'),
      serviceHosts: env.PUSH_SERVICE_HOSTS.length > 0 ? env.PUSH_SERVICE_HOSTS : DEFAULT_PUSH_SERVICE_HOSTS,
      allowInsecureEndpoints: false,
    },
    jobsPollSeconds: env.JOBS_POLL_SECONDS,
    lmsFeeds: { allowHttpLocalhost: env.LMS_FEEDS_TEST_ALLOW_HTTP_LOCALHOST === '1' },
    files: {
      quotaBytes: STORAGE_LIMIT_BYTES,
      maxFileBytes: env.FILE_MAX_BYTES,
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    },
  };
}
