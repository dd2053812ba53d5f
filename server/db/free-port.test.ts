import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from './free-port';

const ephemeralLow = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 49_152;
  }
})();

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('freePorts', () => {
  it('hands out distinct ports below the range outgoing connections take theirs from, each one free to listen on', async () => {
    const ports = await freePorts(8);
    expect(new Set(ports).size).toBe(8);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(ephemeralLow);
    }
    const servers = await Promise.all(ports.map(listen));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('never hands out a port something already listens on', async () => {
    const taken = await Promise.all((await freePorts(20)).map(listen));
    const takenPorts = new Set(taken.map((server) => (server.address() as net.AddressInfo).port));
    try {
      for (const port of await freePorts(50)) expect(takenPorts.has(port)).toBe(false);
    } finally {
      await Promise.all(taken.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
