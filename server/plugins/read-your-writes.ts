import type { FastifyInstance } from 'fastify';
import type { ReadRouter } from '../db/replica';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Read-your-writes with a read replica (decision 200): after a signed-in user's write succeeded (it has
 * committed), and before its answer leaves, the primary's WAL position is stored for that user, so any
 * instance's next heavy read of theirs waits for a replica that has replayed it (or reads the primary).
 * Without a replica the router records nothing. A failure to record is logged, not answered: the write
 * is done, and the replica's lag bound (REPLICA_MAX_LAG_SECONDS) still limits how old a read can be.
 */
export function registerReadYourWrites(app: FastifyInstance, reads: ReadRouter): void {
  if (reads.replicaState() === 'none') return;
  app.addHook('onSend', async (request, reply) => {
    if (!request.session || !WRITE_METHODS.has(request.method) || reply.statusCode >= 400) return;
    try {
      await reads.markWrite(request.session.user.id);
    } catch (error) {
      request.log.error({ err: error }, 'could not record the write for read-your-writes');
    }
  });
}
