import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts, PORT_RESERVATIONS_DIR, reservePort } from './free-port';

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

describe('port reservations across processes (decision 262)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studypilot-port-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reserves a port once: a second reservation is refused while the first is recent', () => {
    expect(reservePort(23_001, dir)).toBe(true);
    expect(reservePort(23_001, dir)).toBe(false);
    expect(reservePort(23_002, dir)).toBe(true);
  });

  it('removes a reservation older than ten minutes, so that the next attempt takes the port', () => {
    expect(reservePort(23_010, dir)).toBe(true);
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    utimesSync(path.join(dir, '23010'), elevenMinutesAgo, elevenMinutesAgo);
    expect(reservePort(23_010, dir)).toBe(false);
    expect(existsSync(path.join(dir, '23010'))).toBe(false);
    expect(reservePort(23_010, dir)).toBe(true);
  });

  it('lets the probe alone decide where no reservation can be written', () => {
    const notADirectory = path.join(dir, '23002');
    expect(reservePort(23_020, notADirectory)).toBe(true);
  });

  it('hands out ports that no other process may be handed out next', async () => {
    for (const port of await freePorts(5)) {
      expect(existsSync(path.join(PORT_RESERVATIONS_DIR, String(port))), String(port)).toBe(true);
      expect(reservePort(port)).toBe(false);
    }
  });
});
