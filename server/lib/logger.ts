import type { FastifyServerOptions } from 'fastify';

/**
 * Structured JSON logs (pino, Fastify's own logger). Secrets never reach a log line: auth headers,
 * cookies and anything that looks like a password or token are redacted.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.confirmPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
