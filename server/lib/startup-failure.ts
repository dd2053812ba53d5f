import { DataDirectoryError } from '../db/embedded-postgres';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/errors';

/**
 * What a failed start prints (server/main.ts): one sentence per cause, for the operator — never a stack
 * trace, never a query's parameter values (a database error's message lists them). Issue 37.
 */
export function startupFailureMessage(error: unknown): string {
  const prefix = 'StudyPilot did not start: ';
  if (error instanceof DataDirectoryError) return prefix + error.message;
  const errno = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (errno?.code === 'EADDRINUSE') {
    return `${prefix}port ${errno.port ?? ''} on ${errno.address ?? 'this host'} is already in use. Stop the program that holds it or set PORT to a free port.`;
  }
  if (errno?.code === 'EACCES' && errno.syscall === 'listen') {
    return `${prefix}this user may not listen on port ${errno.port ?? ''}. Choose a PORT above 1023 or run behind a proxy.`;
  }
  if (errno?.code === 'EADDRNOTAVAIL')
    return `${prefix}HOST ${errno.address ?? ''} is not an address of this machine. Set HOST to one of its addresses.`;
  if (isDatabaseUnavailable(error)) {
    const db = describeDatabaseError(error);
    return `${prefix}the database did not answer${db ? ` (${db.code})` : ''}. Check DATABASE_URL and that PostgreSQL runs and accepts connections.`;
  }
  const db = describeDatabaseError(error);
  if (db) {
    return `${prefix}a start-up query failed (${db.code}${db.statement ? ` in ${db.statement}` : ''}). Check that DATABASE_URL names StudyPilot's database and that its user may change the schema.`;
  }
  if (errno?.code === 'EACCES' || errno?.code === 'EPERM') {
    return `${prefix}permission denied on ${errno.path ?? 'a file'}. Give the server's user access to it (DATA_DIR and its files).`;
  }
  if (errno?.code === 'ENOSPC') return `${prefix}the disk is full${errno.path ? ` (${errno.path})` : ''}. Free some space and start again.`;
  const message = error instanceof Error ? error.message : String(error);
  return prefix + message.trim();
}
