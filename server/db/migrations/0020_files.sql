CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_name_length" CHECK (char_length("files"."name") between 1 and 255),
	CONSTRAINT "files_description_length" CHECK ("files"."description" is null or char_length("files"."description") <= 1000),
	CONSTRAINT "files_size" CHECK ("files"."size" >= 0),
	CONSTRAINT "files_download_count" CHECK ("files"."download_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folders_name_length" CHECK (char_length("folders"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "storage_usage" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"reserved_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "storage_usage_non_negative" CHECK ("storage_usage"."used_bytes" >= 0 and "storage_usage"."reserved_bytes" >= 0),
	CONSTRAINT "storage_usage_quota" CHECK ("storage_usage"."used_bytes" + "storage_usage"."reserved_bytes" <= 2147483648)
);
--> statement-breakpoint
CREATE TABLE "upload_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_reservations_bytes" CHECK ("upload_reservations"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_usage" ADD CONSTRAINT "storage_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_user_folder_created_idx" ON "files" USING btree ("user_id","folder_id","created_at");--> statement-breakpoint
CREATE INDEX "files_user_created_idx" ON "files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "files_folder_idx" ON "files" USING btree ("folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_idx" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "folders_user_name_idx" ON "folders" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "upload_reservations_user_idx" ON "upload_reservations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_reservations_key_idx" ON "upload_reservations" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "upload_reservations_created_idx" ON "upload_reservations" USING btree ("created_at");--> statement-breakpoint
-- Files and folders feed GET /api/files and /api/folders' data version (decision 092, migration 0012).
CREATE TRIGGER "files_data_version_bump" AFTER INSERT OR UPDATE OR DELETE ON "files"
  FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"();--> statement-breakpoint
CREATE TRIGGER "folders_data_version_bump" AFTER INSERT OR UPDATE OR DELETE ON "folders"
  FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"();
