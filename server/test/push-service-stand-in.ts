import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/** http_ece (RFC 8188) has no types; the one call the tests make. */
type Ece = { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };
const ece = createRequire(import.meta.url)('http_ece') as Ece;

/** A browser's side of a push subscription: its P-256 key pair and auth secret, as a browser makes them. */
export type TestDevice = {
  path: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: ECDH;
  authSecret: string;
};

export type Delivery = { path: string; headers: Record<string, string | string[] | undefined>; payload: unknown };

/**
 * A local push service (RFC 8030) for tests: an http server that accepts POST /<device>, DECRYPTS the
 * body with that device's keys (aes128gcm, as a browser would) and records the JSON payload. A
 * device's answer can be set (e.g. 410 Gone for an expired subscription).
 */
export class PushServiceStandIn {
  readonly deliveries: Delivery[] = [];
  readonly refused: Array<{ path: string; status: number }> = [];
  private readonly devices = new Map<string, TestDevice>();
  private readonly statuses = new Map<string, number>();
  private server: Server | undefined;
  private origin = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const status = this.statuses.get(path) ?? 201;
        const device = this.devices.get(path);
        if (status !== 201 || !device) {
          this.refused.push({ path, status: device ? status : 404 });
          response.writeHead(device ? status : 404).end();
          return;
        }
        try {
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: device.privateKey,
            authSecret: device.authSecret,
          });
          this.deliveries.push({ path, headers: request.headers, payload: JSON.parse(plain.toString('utf8')) });
          response.writeHead(201).end();
        } catch {
          this.refused.push({ path, status: 400 });
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** A new browser subscription on this push service. */
  device(): TestDevice {
    const privateKey = createECDH('prime256v1');
    privateKey.generateKeys();
    const authSecret = randomBytes(16).toString('base64url');
    const path = `/push/${randomBytes(8).toString('hex')}`;
    const device: TestDevice = {
      path,
      endpoint: `${this.origin}${path}`,
      keys: { p256dh: privateKey.getPublicKey().toString('base64url'), auth: authSecret },
      privateKey,
      authSecret,
    };
    this.devices.set(path, device);
    return device;
  }

  /** How this device's endpoint answers from now on (201 accepts). */
  answer(device: TestDevice, status: number): void {
    this.statuses.set(device.path, status);
  }

  deliveriesTo(device: TestDevice): Delivery[] {
    return this.deliveries.filter((delivery) => delivery.path === device.path);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
