import { z } from 'zod';
import { mediaResponseSchema } from './http.schema';
import { LIVE_MEDIA_TYPE, LIVE_TOPICS } from './live-events';

export { LIVE_EVENTS, LIVE_MEDIA_TYPE, LIVE_TOPICS, type LiveTopic } from './live-events';

/** A view a live stream names (live-events.ts, where the names are, without zod). */
export const liveTopicSchema = z.enum(LIVE_TOPICS);

/** The data of an `event: change`. */
export const liveChangeSchema = z.strictObject({ topics: z.array(liveTopicSchema).min(1).max(LIVE_TOPICS.length) });
export type LiveChange = z.infer<typeof liveChangeSchema>;

export const liveStreamResponseSchema = mediaResponseSchema(
  'A text/event-stream: `event: change` with `data: {"topics":[…]}`, `event: reset`, `event: superseded`, and `: ping` every 25 s',
  [`${LIVE_MEDIA_TYPE}; charset=utf-8`],
);
