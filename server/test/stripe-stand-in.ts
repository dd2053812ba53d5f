import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for the few Stripe API calls the server makes (Checkout Sessions, subscription
 * updates, billing portal), so the real stripe SDK can be driven with no network. It records every
 * request (method, path, form fields) and answers from `subscriptions`, which a test fills.
 */
export type RecordedRequest = { method: string; path: string; form: URLSearchParams };

export type StripeStandIn = {
  port: number;
  requests: RecordedRequest[];
  /** Stripe subscription objects by id, as the API answers them (updates are applied to them). */
  subscriptions: Map<string, Record<string, unknown>>;
  /** When set, every call answers this status with an API error. */
  failWith: number | null;
  close: () => Promise<void>;
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const standIn: StripeStandIn = { port: 0, requests: [], subscriptions: new Map(), failWith: null, close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      standIn.requests.push({ method: request.method ?? 'GET', path, form });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_stand_in' });
        response.end(JSON.stringify(body));
      };
      if (standIn.failWith) return send(standIn.failWith, { error: { type: 'api_error', message: 'stand-in failure' } });
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${standIn.requests.length}`;
        return send(200, { id, object: 'checkout.session', mode: 'subscription', url: `https://checkout.stripe.com/c/pay/${id}` });
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return send(200, { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' });
      }
      const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      const subscription = match ? standIn.subscriptions.get(match[1]!) : undefined;
      if (!subscription) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (request.method === 'DELETE') subscription.status = 'canceled';
      if (request.method === 'POST') {
        const cancel = form.get('cancel_at_period_end');
        if (cancel !== null) subscription.cancel_at_period_end = cancel === 'true';
        const interval = form.get('items[0][price_data][recurring][interval]');
        if (interval) {
          const items = subscription.items as { data: Array<{ price: { recurring: { interval: string } } }> };
          items.data[0]!.price.recurring.interval = interval;
        }
      }
      return send(200, subscription);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.port = (server.address() as AddressInfo).port;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
