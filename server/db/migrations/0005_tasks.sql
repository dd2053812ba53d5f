CREATE TABLE "task_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"course_id" uuid,
	"task_type" text NOT NULL,
	"priority" text NOT NULL,
	"reminder_offset_minutes" integer,
	"frequency" text NOT NULL,
	"interval_weeks" integer DEFAULT 1 NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_of_day" text NOT NULL,
	"time_zone" text NOT NULL,
	"start_date" date NOT NULL,
	"until_date" date NOT NULL,
	"generated_through" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_series_dates" CHECK ("task_series"."until_date" >= "task_series"."start_date")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"due_date" timestamp with time zone NOT NULL,
	"course_id" uuid,
	"task_type" text DEFAULT 'assignment' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"reminder_offset_minutes" integer,
	"reminder_sent_at" timestamp with time zone,
	"series_id" uuid,
	"occurrence_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_title_length" CHECK (char_length("tasks"."title") BETWEEN 1 AND 200),
	CONSTRAINT "tasks_description_length" CHECK ("tasks"."description" IS NULL OR char_length("tasks"."description") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_series_id_task_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."task_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_series_user_idx" ON "task_series" USING btree ("user_id","until_date");--> statement-breakpoint
CREATE INDEX "tasks_user_due_idx" ON "tasks" USING btree ("user_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_series_occurrence_idx" ON "tasks" USING btree ("series_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "tasks_reminder_pending_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."reminder_offset_minutes" IS NOT NULL AND "tasks"."reminder_sent_at" IS NULL AND "tasks"."completed" = false;