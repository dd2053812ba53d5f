/**
 * Class groups' limits, lists and messages (issue 39, docs/api.md "Class groups"); without zod, so the
 * web's pages import them without it (decision 234).
 */
export const GROUP_ROLES = ['owner', 'moderator', 'member'] as const;

/** At most this many members in one group (counted under a row lock on the group). */
export const GROUP_MEMBERS_MAX = 100;
/** Shared items one member may post in a rolling 24 hours, over all their groups. */
export const GROUP_SHARES_PER_DAY = 50;
/** GET /api/groups/:id/items answers the newest this many. */
export const GROUP_ITEMS_MAX = 200;
/** Cancelled lessons a group keeps (one per date and slot). */
export const CANCELLED_LESSONS_MAX = 400;
export const DISPLAY_NAME_MIN = 1;
export const DISPLAY_NAME_MAX = 40;
export const REPORT_NOTE_MAX = 500;
export const INVITE_EXPIRES_DAYS_MIN = 1;
export const INVITE_EXPIRES_DAYS_MAX = 30;
export const INVITE_EXPIRES_DAYS_DEFAULT = 7;
/** GET /api/group-invites/:code and its join: this many per user per minute, so codes cannot be guessed. */
export const INVITE_LOOKUPS_PER_MINUTE = 30;

/**
 * Invite codes: 8 characters of 31 that cannot be mistaken for one another (no 0/O, 1/I/L). Codes are
 * case-insensitive: what is typed is upper-cased before the lookup.
 */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 8;

export const REPORT_REASONS = ['spam', 'inappropriate', 'wrong', 'other'] as const;
export const REPORT_ACTIONS = ['dismiss', 'remove_item'] as const;

/** The kinds of a group notice in the notification centre (common/schemas/notifications.schema.ts). */
export const GROUP_NOTICE_KINDS = ['item_posted', 'item_changed', 'class_changed', 'lesson_cancelled'] as const;

/** Live-update topics a group write names (server/lib/live-changes.ts). */
export const LIVE_TOPICS = ['tasks', 'courses', 'notifications', 'groups'] as const;

// Messages the web maps by code (common/schemas/error-codes.ts); the English stays word for word.
export const SHARED_FIELD_MESSAGE = "This is set by the class group's moderators";
export const SHARED_ITEM_READONLY_MESSAGE = 'Only the poster or a moderator can change a shared item';
export const ALREADY_SHARED_MESSAGE = 'This class is already shared with a class group';
export const INVITE_NOT_FOUND_MESSAGE = 'This invite does not exist or has expired';
export const GROUP_FULL_MESSAGE = `This class group is full (${GROUP_MEMBERS_MAX} members)`;
export const LAST_OWNER_MESSAGE = 'Hand the group to another member first, or close it';
export const SHARE_LIMIT_MESSAGE = `You can share up to ${GROUP_SHARES_PER_DAY} items a day with a class group`;
export const DISPLAY_NAME_MESSAGE = `Display name must be ${DISPLAY_NAME_MIN}–${DISPLAY_NAME_MAX} characters`;
