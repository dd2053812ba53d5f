-- Decision 200: where each user's last write reached the primary's WAL, so heavy reads wait for a replica that has it.
CREATE TABLE "replica_read_marks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lsn" "pg_lsn" NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "replica_read_marks" ADD CONSTRAINT "replica_read_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;