-- School calendar feeds (issue 38; decisions 202, 203): a feed per address or uploaded file, and one item per
-- (feed, UID, RECURRENCE-ID) with what the feed last wrote into its task (the merge rule).
CREATE TABLE "lms_feed_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"recurrence_id" text DEFAULT '' NOT NULL,
	"task_id" uuid,
	"course_key" text,
	"written_title" text NOT NULL,
	"written_due_date" timestamp with time zone,
	"written_task_type" text NOT NULL,
	"written_course_id" uuid,
	"sequence" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lms_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"course_choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"etag" text,
	"last_modified" text,
	"content_hash" text,
	"last_synced_at" timestamp with time zone,
	"last_error_code" text,
	"last_error_at" timestamp with time zone,
	"sync_claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lms_feed_items" ADD CONSTRAINT "lms_feed_items_feed_id_lms_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."lms_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_feed_items" ADD CONSTRAINT "lms_feed_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_feed_items" ADD CONSTRAINT "lms_feed_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_feed_items" ADD CONSTRAINT "lms_feed_items_written_course_id_courses_id_fk" FOREIGN KEY ("written_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_feeds" ADD CONSTRAINT "lms_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lms_feed_items_key_idx" ON "lms_feed_items" USING btree ("feed_id","uid","recurrence_id");--> statement-breakpoint
CREATE INDEX "lms_feed_items_user_idx" ON "lms_feed_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lms_feed_items_task_idx" ON "lms_feed_items" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "lms_feeds_user_idx" ON "lms_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lms_feeds_user_url_idx" ON "lms_feeds" USING btree ("user_id","url") WHERE "lms_feeds"."url" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lms_feeds_sync_idx" ON "lms_feeds" USING btree ("last_synced_at") WHERE "lms_feeds"."url" IS NOT NULL;