-- Sessions end on every instance at once (issue 37, docs/decisions/196): a change that must reach the
-- session caches of other instances sends `studypilot_session` (server/lib/instance-events.ts) from a
-- trigger, so it is sent exactly when the writing transaction commits, by every path that makes it —
-- sign-out, a revoked session, a password change, an admin's lock, role or plan change, an account's
-- deletion (its sessions go by cascade), `npm run admin` — and never by one that rolls back.
-- Payload: {"userIds":[…]} (at most 200 ids, under PostgreSQL's 8000-byte limit) or {"all":true}.
CREATE OR REPLACE FUNCTION "notify_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(DISTINCT "user_id"::text) INTO ids FROM ended;
  IF ids IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(ids) > 200 THEN
    PERFORM pg_notify('studypilot_session', '{"all":true}');
  ELSE
    PERFORM pg_notify('studypilot_session', json_build_object('userIds', ids)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_ended_notify" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_ended"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_session_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('studypilot_session', json_build_object('userIds', json_build_array(OLD."id"::text))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every column the cached session row carries that a request decides by, points and the last release seen
-- aside (they change on most days and decide nothing another instance must see at once).
CREATE TRIGGER "users_session_fields_notify" AFTER UPDATE OF "password_hash", "roles", "locked_at", "is_premium", "subscription_tier", "trial_end_date", "username", "email", "recovery_email", "time_zone", "grading_system", "admin_name_grant" ON "users"
  FOR EACH ROW WHEN (
    OLD."password_hash" IS DISTINCT FROM NEW."password_hash"
    OR OLD."roles" IS DISTINCT FROM NEW."roles"
    OR OLD."locked_at" IS DISTINCT FROM NEW."locked_at"
    OR OLD."is_premium" IS DISTINCT FROM NEW."is_premium"
    OR OLD."subscription_tier" IS DISTINCT FROM NEW."subscription_tier"
    OR OLD."trial_end_date" IS DISTINCT FROM NEW."trial_end_date"
    OR OLD."username" IS DISTINCT FROM NEW."username"
    OR OLD."email" IS DISTINCT FROM NEW."email"
    OR OLD."recovery_email" IS DISTINCT FROM NEW."recovery_email"
    OR OLD."time_zone" IS DISTINCT FROM NEW."time_zone"
    OR OLD."grading_system" IS DISTINCT FROM NEW."grading_system"
    OR OLD."admin_name_grant" IS DISTINCT FROM NEW."admin_name_grant"
  ) EXECUTE FUNCTION "notify_session_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_deleted_notify" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_user_changed"();
