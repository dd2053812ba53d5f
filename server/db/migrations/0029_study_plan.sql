CREATE TABLE "study_hours" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"windows" jsonb NOT NULL,
	"daily_max_minutes" integer NOT NULL,
	"break_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"unit_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_hours_daily_max" CHECK ("study_hours"."daily_max_minutes" BETWEEN 25 AND 960),
	CONSTRAINT "study_hours_break" CHECK ("study_hours"."break_minutes" BETWEEN 0 AND 60),
	CONSTRAINT "study_hours_buffer" CHECK ("study_hours"."buffer_minutes" BETWEEN 0 AND 2880),
	CONSTRAINT "study_hours_unit" CHECK ("study_hours"."unit_minutes" BETWEEN 5 AND 120)
);
--> statement-breakpoint
CREATE TABLE "study_plan_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_plan_blocks_status" CHECK ("study_plan_blocks"."status" in ('planned', 'done', 'skipped', 'missed')),
	CONSTRAINT "study_plan_blocks_span" CHECK ("study_plan_blocks"."end_at" > "study_plan_blocks"."start_at" AND "study_plan_blocks"."end_at" <= "study_plan_blocks"."start_at" + interval '2 hours')
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "estimate_minutes" integer;--> statement-breakpoint
ALTER TABLE "study_hours" ADD CONSTRAINT "study_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_blocks" ADD CONSTRAINT "study_plan_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_blocks" ADD CONSTRAINT "study_plan_blocks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_plan_blocks_user_start_idx" ON "study_plan_blocks" USING btree ("user_id","start_at");--> statement-breakpoint
CREATE INDEX "study_plan_blocks_task_idx" ON "study_plan_blocks" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_estimate_minutes" CHECK ("tasks"."estimate_minutes" IS NULL OR "tasks"."estimate_minutes" BETWEEN 5 AND 6000);