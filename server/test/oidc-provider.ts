import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the oidc-provider package) on a loopback port, for the single sign-on
 * tests (decision 204): one confidential client, PKCE required, the profile claims only in the user info
 * (as the specification has it), and a programmatic interaction instead of login and consent pages:
 * `next` says who signs in at the next authorization, or that the user declines.
 */
export type TestOidcAccount = { sub: string; preferred_username?: string; email?: string; email_verified?: boolean; name?: string };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the next interaction does. */
  next: { account: TestOidcAccount } | { deny: true };
  /** Stops listening (the "provider down" cases); `close` after it is harmless. */
  close: () => Promise<void>;
};

export const TEST_OIDC_CLIENT_ID = 'studypilot-test';
export const TEST_OIDC_CLIENT_SECRET = 'studypilot-test-secret-0123456789abcdef';

export async function startTestOidcProvider(options: { redirectUris: string[]; port?: number }): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestOidcAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT_ID,
        client_secret: TEST_OIDC_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['studypilot-test-cookie-key'] },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
  });
  const handle: TestOidcProvider = {
    issuer,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    next: { deny: true },
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const callback = provider.callback();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (!request.url?.startsWith('/interaction/')) return callback(request, response);
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response);
        const next = handle.next;
        if ('deny' in next) {
          await provider.interactionFinished(
            request,
            response,
            { error: 'access_denied', error_description: 'The user declined' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        if (details.prompt.name === 'login') {
          accounts.set(next.account.sub, next.account);
          await provider.interactionFinished(
            request,
            response,
            { login: { accountId: next.account.sub } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const grant = details.grantId
          ? await provider.Grant.find(details.grantId)
          : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(request, response, { consent: { grantId } }, { mergeWithLastSubmission: true });
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    })();
  });
  return handle;
}

/** Cookies of one browser at the provider, by name. */
export type CookieJar = Map<string, string>;

function keepCookies(jar: CookieJar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/**
 * Follows the browser's redirects at the provider (authorization, interaction, resume, consent) with a
 * cookie jar, until the provider sends the browser elsewhere: that address (the app's callback) is answered.
 */
export async function followProviderRedirects(authorizationUrl: string, issuer: string, jar: CookieJar = new Map()): Promise<string> {
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop += 1) {
    if (!url.startsWith(issuer)) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      signal: AbortSignal.timeout(10_000),
    });
    keepCookies(jar, response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
