-- Classmates (issue 39, docs/decisions/211-classmates-groups.md): class groups, their members (display names
-- only), shared items (every member's copy is an ordinary task linked by tasks.group_item_id), notices for the
-- notification centre, reports of items; courses link to a group and keep its cancelled lessons.
CREATE TABLE "class_group_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"posted_by" uuid,
	"poster_name" text,
	"title" text NOT NULL,
	"description" text,
	"due_date" timestamp with time zone,
	"task_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"display_name" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_group_members_role" CHECK ("class_group_members"."role" IN ('owner', 'moderator', 'member')),
	CONSTRAINT "class_group_members_display_name_length" CHECK (char_length("class_group_members"."display_name") BETWEEN 1 AND 40)
);
--> statement-breakpoint
CREATE TABLE "class_group_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_group_notices_kind" CHECK ("class_group_notices"."kind" IN ('item_posted', 'item_changed', 'class_changed', 'lesson_cancelled'))
);
--> statement-breakpoint
CREATE TABLE "class_group_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"reporter_id" uuid,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "class_group_reports_reason" CHECK ("class_group_reports"."reason" IN ('spam', 'inappropriate', 'wrong', 'other')),
	CONSTRAINT "class_group_reports_note_length" CHECK ("class_group_reports"."note" IS NULL OR char_length("class_group_reports"."note") <= 500),
	CONSTRAINT "class_group_reports_resolution" CHECK ("class_group_reports"."resolution" IS NULL OR "class_group_reports"."resolution" IN ('dismissed', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "class_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"instructor" text,
	"room" text,
	"time_slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancelled_lessons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invite_code" text,
	"invite_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_groups_name_length" CHECK (char_length("class_groups"."name") BETWEEN 1 AND 100),
	CONSTRAINT "class_groups_cancelled_lessons_max" CHECK (jsonb_array_length("class_groups"."cancelled_lessons") <= 400)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "cancelled_lessons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "group_item_id" uuid;--> statement-breakpoint
ALTER TABLE "class_group_items" ADD CONSTRAINT "class_group_items_group_id_class_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_items" ADD CONSTRAINT "class_group_items_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_members" ADD CONSTRAINT "class_group_members_group_id_class_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_members" ADD CONSTRAINT "class_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_notices" ADD CONSTRAINT "class_group_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_notices" ADD CONSTRAINT "class_group_notices_group_id_class_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_notices" ADD CONSTRAINT "class_group_notices_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_reports" ADD CONSTRAINT "class_group_reports_group_id_class_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_reports" ADD CONSTRAINT "class_group_reports_item_id_class_group_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."class_group_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_reports" ADD CONSTRAINT "class_group_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_group_items_group_idx" ON "class_group_items" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "class_group_items_poster_idx" ON "class_group_items" USING btree ("posted_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "class_group_members_group_user_idx" ON "class_group_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "class_group_members_user_idx" ON "class_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "class_group_notices_user_idx" ON "class_group_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "class_group_notices_group_idx" ON "class_group_notices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "class_group_notices_actor_idx" ON "class_group_notices" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "class_group_reports_open_idx" ON "class_group_reports" USING btree ("group_id","created_at") WHERE "class_group_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "class_group_reports_item_idx" ON "class_group_reports" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "class_group_reports_reporter_idx" ON "class_group_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_groups_invite_code_idx" ON "class_groups" USING btree ("invite_code");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_group_id_class_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."class_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_group_item_id_class_group_items_id_fk" FOREIGN KEY ("group_item_id") REFERENCES "public"."class_group_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_group_idx" ON "courses" USING btree ("group_id") WHERE "courses"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_group_item_idx" ON "tasks" USING btree ("group_item_id") WHERE "tasks"."group_item_id" IS NOT NULL;;--> statement-breakpoint
-- Memberships and notices feed the user's lists (the role decides a shared task's canEdit; notices the
-- notification centre): their writes raise the member's data version (decision 092, migration 0012).
CREATE TRIGGER "class_group_members_data_version_bump" AFTER INSERT OR UPDATE OR DELETE ON "class_group_members"
  FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"();--> statement-breakpoint
CREATE TRIGGER "class_group_notices_data_version_bump" AFTER INSERT OR UPDATE OR DELETE ON "class_group_notices"
  FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"();
