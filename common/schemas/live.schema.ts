import { z } from 'zod';
import { mediaResponseSchema } from './http.schema';

/**
 * Live updates (GET /api/live, docs/api.md "Live updates", decision 212): the views a live stream
 * tells the web to read again. Names of views, never contents: the web reads them through the same
 * GET routes as always, so every rule of ownership and membership stays where it is.
 */
export const LIVE_TOPICS = ['tasks', 'courses', 'notifications', 'groups'] as const;
export const liveTopicSchema = z.enum(LIVE_TOPICS);
export type LiveTopic = z.infer<typeof liveTopicSchema>;

/** The data of an `event: change`. */
export const liveChangeSchema = z.strictObject({ topics: z.array(liveTopicSchema).min(1).max(LIVE_TOPICS.length) });
export type LiveChange = z.infer<typeof liveChangeSchema>;

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

export const liveStreamResponseSchema = mediaResponseSchema(
  'A text/event-stream: `event: change` with `data: {"topics":[…]}`, `event: reset`, `event: superseded`, and `: ping` every 25 s',
  [`${LIVE_MEDIA_TYPE}; charset=utf-8`],
);
