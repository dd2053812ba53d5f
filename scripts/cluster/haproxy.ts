/**
 * HAProxy (Debian's `haproxy` package) in front of `npm run cluster`'s instances: round robin, each
 * instance taken out when GET /api/health fails twice and back after one success, X-Forwarded-For
 * and -Proto added (the instances trust loopback). The configuration is also the starting point for a
 * real deployment's (docs/operations.md "TLS at the proxy" adds the certificate).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import type { Backend } from './node-proxy';

/** HAProxy if it is installed: HAPROXY, then the Debian path, then PATH's. */
export function findHaproxy(): string | undefined {
  const candidates = [process.env.HAPROXY, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].filter((entry): entry is string =>
    Boolean(entry),
  );
  return candidates.find((candidate) => existsSync(candidate));
}

export function haproxyConfig({ backends, port, host = '127.0.0.1' }: { backends: Backend[]; port: number; host?: string }): string {
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  retries 2',
    '  option redispatch',
    '',
    'frontend studypilot',
    `  bind ${host}:${port}`,
    '  http-request set-header X-Forwarded-Proto http',
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /api/health',
    '  http-check expect status 200',
    ...backends.map((backend, index) => `  server instance${index + 1} ${backend.host}:${backend.port} check inter 1s fall 2 rise 1`),
    '',
  ].join('\n');
}

/** Waits until something accepts connections on `port` (at most `timeoutMs`). */
export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Writes the configuration to `configFile` and runs HAProxy in the foreground (`-db`) until `stop()`. */
export async function startHaproxy(
  binary: string,
  configFile: string,
  options: { backends: Backend[]; port: number; host?: string },
): Promise<{ process: ChildProcess; stop: () => Promise<void> }> {
  await writeFile(configFile, haproxyConfig(options));
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = exited.then(() => {
    throw new Error(`haproxy exited before listening (check ${configFile})`);
  });
  await Promise.race([waitForPort(options.port, options.host), failed]);
  failed.catch(() => undefined);
  return {
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
