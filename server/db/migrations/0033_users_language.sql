-- The interface language a user chose in Settings (decision 219): null until they choose one. Nullable, so
-- the previous release's inserts and updates (which never name it) go on working during a rolling deploy.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
-- Every row is null here; NOT VALID then VALIDATE checks them without holding the table's exclusive lock for the scan.
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" IS NULL OR "users"."language" IN ('en', 'es', 'fr', 'de', 'zh', 'ja')) NOT VALID;--> statement-breakpoint
ALTER TABLE "users" VALIDATE CONSTRAINT "users_language";
