CREATE TABLE "idempotent_requests" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "study_sessions" ADD COLUMN "local_date" date;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD COLUMN "local_hour" smallint;--> statement-breakpoint
-- Backfill: the zone in force when an old session was saved is unknown, so the user's current zone is
-- the best record we have (what the achievements read until now). A zone PostgreSQL does not know
-- falls back to UTC.
UPDATE "study_sessions" AS s SET
	"local_date" = (s."started_at" AT TIME ZONE z.zone)::date,
	"local_hour" = extract(hour FROM s."started_at" AT TIME ZONE z.zone)::smallint
FROM (
	SELECT u."id", CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names n WHERE n."name" = u."time_zone") THEN u."time_zone" ELSE 'UTC' END AS zone
	FROM "users" u
) AS z
WHERE z."id" = s."user_id";--> statement-breakpoint
ALTER TABLE "study_sessions" ALTER COLUMN "local_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "study_sessions" ALTER COLUMN "local_hour" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_local_hour" CHECK ("study_sessions"."local_hour" between 0 and 23);