CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"priority" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_category" CHECK ("feedback"."category" IN ('bug', 'feature', 'question', 'other')),
	CONSTRAINT "feedback_status" CHECK ("feedback"."status" IN ('open', 'in_progress', 'resolved', 'closed')),
	CONSTRAINT "feedback_priority" CHECK ("feedback"."priority" IN ('standard', 'priority')),
	CONSTRAINT "feedback_subject_length" CHECK (char_length("feedback"."subject") BETWEEN 1 AND 150),
	CONSTRAINT "feedback_message_length" CHECK (char_length("feedback"."message") BETWEEN 1 AND 5000),
	CONSTRAINT "feedback_reply_length" CHECK ("feedback"."reply" IS NULL OR char_length("feedback"."reply") <= 5000),
	CONSTRAINT "feedback_reply_time" CHECK (("feedback"."reply" IS NULL) = ("feedback"."replied_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"user_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_user_created_idx" ON "feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_queue_idx" ON "feedback" USING btree ("status","priority","created_at");