/**
 * Every `code` an error response can carry (docs/api.md's error shape `{ message, code, issues? }`), in one
 * place: the server throws only these, the web maps each to a translated sentence
 * (web/lib/api-errors.ts, locale keys `errors.codes.<code>`), docs/api.md lists them.
 *
 * The first group is docs/api.md's table. The second names one refusal each, so a client can tell them
 * apart without reading the English message (which stays word for word); each keeps its HTTP status.
 * Username taken and not enough points stay `conflict`, as docs/api.md names them.
 */
export const ERROR_CODES = [
  // docs/api.md's table (and docs/api.md's 503)
  'validation_error',
  'unauthorized',
  'forbidden',
  'premium_required',
  'not_found',
  'conflict',
  'too_large',
  'quota_exceeded',
  'rate_limited',
  'account_locked',
  'service_unavailable',
  'internal',
  // One refusal each (docs/api.md "Error codes")
  'password_common',
  'passwords_differ',
  'wrong_current_password',
  'invalid_time_zone',
  'reminder_in_past',
  'reminder_needs_due_date',
  'recurrence_needs_due_date',
  'recurrence_until_before_due',
  'score_above_max',
  'max_below_score',
  'already_graded',
  'no_such_class',
  'class_in_future',
  'started_at_in_future',
  'session_ends_in_future',
  'session_already_saved',
  'session_overlap',
  'daily_study_limit',
  'invalid_date_range',
  'built_in_reward',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'sample_data_exists',
  'feedback_rate_limited',
  'account_suspended',
  'last_admin',
  'already_subscribed',
  'payment_provider_error',
  'payments_not_configured',
  'webhook_signature_invalid',
  'push_endpoint_not_allowed',
  'preview_not_available',
  // School calendar feeds (issue 38, decision 203)
  'feed_url_invalid',
  'feed_address_refused',
  'feed_too_many_redirects',
  'feed_timeout',
  'feed_too_large',
  'feed_unreachable',
  'feed_http_error',
  'feed_not_calendar',
  'feed_already_added',
  // Single sign-on (issue 38, decision 205)
  'sso_not_configured',
  'sso_last_sign_in',
  'sso_provider_unavailable',
  // Class groups (issue 39, decision 211)
  'shared_field',
  'shared_item_readonly',
  'already_shared',
  'invite_not_found',
  'group_full',
  'last_owner',
  'share_limit',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
