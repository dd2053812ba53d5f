CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"class_soon_enabled" boolean DEFAULT false NOT NULL,
	"class_soon_minutes" integer DEFAULT 10 NOT NULL,
	"digest_enabled" boolean DEFAULT false NOT NULL,
	"digest_time" text DEFAULT '07:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_minutes" CHECK ("notification_settings"."class_soon_minutes" IN (5, 10, 15, 30)),
	CONSTRAINT "notification_settings_digest_time" CHECK ("notification_settings"."digest_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "push_claims" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_settings_enabled_idx" ON "notification_settings" USING btree ("user_id") WHERE "notification_settings"."class_soon_enabled" OR "notification_settings"."digest_enabled";--> statement-breakpoint
CREATE INDEX "push_claims_claimed_idx" ON "push_claims" USING btree ("claimed_at");