import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A free TCP port on the loopback interface, for a listener started a moment later (the embedded
 * PostgreSQL; tests and benches). Here, in the bottom layer, because the embedded PostgreSQL needs one.
 */
export async function freePort(): Promise<number> {
  const [port = 0] = await freePorts(1);
  return port;
}

/** Below the kernel's ephemeral range, where outgoing connections never take their local port. */
const LISTEN_RANGE_LOW = 20_000;

/**
 * The first port the kernel gives outgoing connections (Linux: /proc/sys/net/ipv4/ip_local_port_range,
 * 32768 by default). Elsewhere, IANA's dynamic range: 49152.
 */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 49_152;
  } catch {
    return 49_152;
  }
}

function listenOn(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(undefined));
    probe.listen(port, '127.0.0.1', () => resolve(probe));
  });
}

/**
 * Ports handed out lately, by any process of this machine: one file per port, created exclusively. A probe
 * only proves a port free at that instant; the listener it is for may bind seconds later (a server starting
 * beside four others took 8 s in CI), and meanwhile another process may bind it first — CI lost an instance
 * drill to that (decision 262). A port reserved within `RESERVED_FOR_MS` is not handed out again.
 */
export const PORT_RESERVATIONS_DIR = path.join(os.tmpdir(), 'studypilot-port-reservations');
/** Far longer than any listener takes to bind after its port was chosen. */
const RESERVED_FOR_MS = 10 * 60_000;

/**
 * Reserves `port` for this process: false when another reservation of it is younger than `RESERVED_FOR_MS`.
 * An older one is removed (the next attempt may take the port). Where no file can be written (a read-only
 * temporary directory), the probe alone decides, as before.
 */
export function reservePort(port: number, dir = PORT_RESERVATIONS_DIR, now = Date.now()): boolean {
  const file = path.join(dir, String(port));
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    return true;
  }
  try {
    writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return true;
  }
  try {
    if (now - statSync(file).mtimeMs >= RESERVED_FOR_MS) rmSync(file, { force: true });
  } catch {
    // Removed by another process meanwhile: the port is still not taken by this attempt.
  }
  return false;
}

const portOf = (probe: net.Server) => {
  const address = probe.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** Keeps `probe` open among `probes` when its port could be reserved; closes it otherwise. */
async function keepIfReserved(probe: net.Server, probes: net.Server[]): Promise<void> {
  if (reservePort(portOf(probe))) probes.push(probe);
  else await new Promise((resolve) => probe.close(resolve));
}

/**
 * `count` distinct free ports, each reserved across processes (`reservePort`). Each is chosen below the
 * ephemeral range: a port the OS picks for `listen(0)` comes from that range, so in the seconds between the
 * probe closing and the real listener binding, any outgoing connection (a PostgreSQL client, a fetch) may
 * take it as its local port, and the listener then fails with EADDRINUSE (CI once lost an instance drill to
 * that). The probes stay open until all are chosen, so no port is handed out twice. When the range below is
 * too small (an unusual kernel setting), the OS chooses.
 */
export async function freePorts(count: number): Promise<number[]> {
  const high = ephemeralLow();
  const probes: net.Server[] = [];
  try {
    if (high - LISTEN_RANGE_LOW >= 1_000) {
      for (let attempt = 0; probes.length < count && attempt < count * 50; attempt += 1) {
        const port = LISTEN_RANGE_LOW + Math.floor(Math.random() * (high - LISTEN_RANGE_LOW));
        const probe = await listenOn(port);
        if (probe) await keepIfReserved(probe, probes);
      }
    }
    // The OS's choice is reserved too; a port another process holds the reservation of is given back and
    // the OS asked again, a bounded number of times.
    for (let attempt = 0; probes.length < count; attempt += 1) {
      const probe = attempt < count * 50 ? await listenOn(0) : undefined;
      if (!probe) throw new Error('no free port on 127.0.0.1');
      await keepIfReserved(probe, probes);
    }
    return probes.map(portOf);
  } finally {
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  }
}
