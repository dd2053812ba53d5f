-- The interface language a user chose in Settings (decision 219): null until they choose one. Nullable, so
-- the previous release's inserts and updates (which never name it) go on working during a rolling deploy.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
-- Every row is null here; NOT VALID then VALIDATE checks them without holding the table's exclusive lock for the scan.
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" IS NULL OR "users"."language" IN ('en', 'es', 'fr', 'de', 'zh', 'ja')) NOT VALID;--> statement-breakpoint
ALTER TABLE "users" VALIDATE CONSTRAINT "users_language";
--> statement-breakpoint
-- The chosen language is carried by the cached session row (the document's frame, /api/auth/me): a change
-- made through one instance must reach the others' session caches at once, as the other fields do (0026).
DROP TRIGGER IF EXISTS "users_session_fields_notify" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_session_fields_notify" AFTER UPDATE OF "password_hash", "roles", "locked_at", "is_premium", "subscription_tier", "trial_end_date", "username", "email", "recovery_email", "time_zone", "grading_system", "admin_name_grant", "language" ON "users"
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
    OR OLD."language" IS DISTINCT FROM NEW."language"
  ) EXECUTE FUNCTION "notify_session_user_changed"();
