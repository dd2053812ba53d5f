CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"target_feedback_id" uuid,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_active_weeks" (
	"week" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "user_active_weeks_week_user_id_pk" PRIMARY KEY("week","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_active_weeks" ADD CONSTRAINT "user_active_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_active_weeks_user_idx" ON "user_active_weeks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_activity_last_active_idx" ON "user_activity" USING btree ("last_active_at","user_id");--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_plan_idx" ON "users" USING btree (("is_premium" OR "subscription_tier" IS NOT NULL),"trial_end_date","id");;--> statement-breakpoint
-- Every account has an activity row from the start: existing ones from their newest session (or their
-- creation), new ones by the trigger below (decision 142).
INSERT INTO "user_activity" ("user_id", "last_active_at")
  SELECT u."id", greatest(u."created_at", coalesce(max(s."last_used_at"), u."created_at"))
  FROM "users" u LEFT JOIN "sessions" s ON s."user_id" = u."id" GROUP BY u."id"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "create_user_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_activity" ("user_id", "last_active_at") VALUES (NEW."id", NEW."created_at") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_activity_created" AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "create_user_activity"();
