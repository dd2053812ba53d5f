DROP INDEX "study_sessions_user_started_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "study_sessions_user_started_idx" ON "study_sessions" USING btree ("user_id","started_at");