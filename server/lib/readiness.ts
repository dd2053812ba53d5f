/**
 * Whether this instance should be sent requests, beyond its database answering a ping
 * (features/health, docs/api.md "Health"): server/main.ts marks it draining on SIGTERM, and the
 * database watch (lib/instance-events.ts) marks the database silent when its heartbeat goes unanswered.
 */
export type NotReadyReason = 'draining' | 'database_unreachable';

export type Readiness = { notReadyReason: () => NotReadyReason | null };

/** Tests and tools: ready whenever the database answers. */
export const alwaysReady: Readiness = { notReadyReason: () => null };

/** The process's readiness, set by main.ts as its state changes. */
export class ReadinessState implements Readiness {
  draining = false;
  databaseSilent = false;

  notReadyReason(): NotReadyReason | null {
    if (this.draining) return 'draining';
    if (this.databaseSilent) return 'database_unreachable';
    return null;
  }
}
