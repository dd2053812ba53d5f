/**
 * The names of live updates (decision 212) without zod: the web's live client is in every signed-in
 * page's first load (web/api/session.ts stops it at sign-out), and importing these from live.schema.ts
 * brought all of zod into the app's start (decision 232). live.schema.ts builds its schemas on them.
 */

/**
 * Live updates (GET /api/live, docs/api.md "Live updates", decision 212): the views a live stream
 * tells the web to read again. Names of views, never contents: the web reads them through the same
 * GET routes as always, so every rule of ownership and membership stays where it is.
 */
export const LIVE_TOPICS = ['tasks', 'courses', 'notifications', 'groups'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** The events a live stream sends (`: ping` comments aside). */
export const LIVE_EVENTS = {
  /** Some of this user's views changed: `data` is a LiveChange. */
  change: 'change',
  /** The instance may have missed changes (its LISTEN connection was lost and is back): read everything again. */
  reset: 'reset',
  /** This user opened more streams than the per-user bound and this one, the oldest, was closed. */
  superseded: 'superseded',
} as const;

/** The Accept a request must send (EventSource always does): anything else is a 400, never an open stream. */
export const LIVE_MEDIA_TYPE = 'text/event-stream';
