CREATE TABLE "academic_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"target_date" date,
	"target" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_goals_progress" CHECK ("academic_goals"."progress" between 0 and 100),
	CONSTRAINT "academic_goals_priority" CHECK ("academic_goals"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "academic_goals_status" CHECK ("academic_goals"."status" in ('not_started', 'in_progress', 'completed')),
	CONSTRAINT "academic_goals_title_length" CHECK (char_length("academic_goals"."title") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "academic_goals" ADD CONSTRAINT "academic_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academic_goals_user_idx" ON "academic_goals" USING btree ("user_id","target_date");