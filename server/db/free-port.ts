import net from 'node:net';

/**
 * A free TCP port on the loopback interface (the OS picks it; a race with another process is unlikely).
 * Here, in the bottom layer, because the embedded PostgreSQL needs one; tests and benches use it too.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
