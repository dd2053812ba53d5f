CREATE TABLE "user_data_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_data_versions" ADD CONSTRAINT "user_data_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every user has a counter from the start (existing users here, new ones by the trigger below).
INSERT INTO "user_data_versions" ("user_id") SELECT "id" FROM "users" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "create_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_data_versions" ("user_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_data_version_created" AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "create_user_data_version"();--> statement-breakpoint
-- The account itself (time zone, grading system, points, premium…) shapes what the lists answer.
CREATE FUNCTION "bump_own_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_data_versions" SET "version" = "version" + 1 WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_data_version_bump" AFTER UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bump_own_data_version"();--> statement-breakpoint
-- Any insert, update or delete of a row that belongs to a user, in the writing transaction: no code
-- path (routes, housekeeping, series materialisation, admin tools) can change data without it.
CREATE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "user_data_versions" SET "version" = "version" + 1 WHERE "user_id" = OLD."user_id";
  ELSE
    UPDATE "user_data_versions" SET "version" = "version" + 1 WHERE "user_id" = NEW."user_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  data_table text;
BEGIN
  FOREACH data_table IN ARRAY ARRAY[
    'tasks', 'task_series', 'assessments', 'grades', 'grading_preferences', 'courses', 'terms',
    'academic_years', 'holidays', 'attendance', 'study_sessions', 'points_ledger', 'user_achievements',
    'challenge_completions', 'custom_rewards', 'redemptions', 'calendar_feeds'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"()',
      data_table || '_data_version_bump',
      data_table
    );
  END LOOP;
END $$;
