import { z } from 'zod';

/**
 * Account security and data export (docs/decisions/127-data-export.md, 128-account-sessions.md).
 * Sessions are listed by a public id; the token and its hash never leave the server.
 */
export const accountSessionSchema = z.strictObject({
  id: z.string(),
  /** Named from the User-Agent at sign-in (common/domain/user-agent.ts); null parts are unknown. */
  device: z.strictObject({ browser: z.string().nullable(), os: z.string().nullable(), mobile: z.boolean() }),
  createdAt: z.string(),
  /** Refreshed at most every 10 minutes while the session is used. */
  lastUsedAt: z.string(),
  /** The session this request came with ("this device"). */
  current: z.boolean(),
});
export type AccountSession = z.output<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.array(accountSessionSchema);

/** POST /api/account/sessions/revoke-others: how many sessions were signed out. */
export const revokeOthersResponseSchema = z.strictObject({ revoked: z.number() });

/** The download formats of GET /api/account/export/:format. */
export const EXPORT_FORMATS = ['json', 'csv', 'ics'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportParamsSchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, 'Format must be one of json, csv, ics'),
});
/** Downloads per user per hour: an export reads every row the user has. */
export const EXPORTS_PER_HOUR = 20;
export const EXPORT_RATE_LIMIT_MESSAGE = `You can download at most ${EXPORTS_PER_HOUR} exports an hour. Please try again later.`;
/** The version of the export's layout, written into the JSON document. */
export const EXPORT_FORMAT_VERSION = 1;
