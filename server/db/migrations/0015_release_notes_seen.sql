ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "last_seen_release" text;
