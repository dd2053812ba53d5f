/**
 * School calendar feeds' limits (issue 38; docs/api.md "School calendar feeds"; decisions 202–203);
 * without zod, so the web's pages import them without it (decision 234).
 */
export const FEED_URL_MAX = 2000;
/** An uploaded .ics file's text, at most 5 MiB (as a fetched feed). */
export const FEED_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_NAME_MAX = 200;
export const COURSE_KEY_MAX = 200;
export const COURSE_CHOICES_MAX = 500;
