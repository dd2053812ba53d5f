import net from 'node:net';

/**
 * A free TCP port on the loopback interface (the OS picks it; a race with another process is unlikely).
 * Here, in the bottom layer, because the embedded PostgreSQL needs one; tests and benches use it too.
 */
export async function freePort(): Promise<number> {
  const [port = 0] = await freePorts(1);
  return port;
}

/**
 * `count` distinct free ports: the probes stay open until all are chosen, so the OS cannot hand the same
 * port out twice (three calls of freePort() one after the other can, and a test cluster once started its
 * PgBouncer on the port its replica had taken).
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const probe = net.createServer();
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => {
    const address = probe.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}
