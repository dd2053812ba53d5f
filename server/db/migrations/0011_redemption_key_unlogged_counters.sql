ALTER TABLE "points_ledger" ADD COLUMN "redemption_id" uuid;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_ledger_redemption_idx" ON "points_ledger" USING btree ("redemption_id");--> statement-breakpoint
-- Rate-limit counters are one-minute windows: losing them in a crash costs nothing, so they skip the
-- write-ahead log and a counted write no longer waits for a WAL flush (decision 086).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;--> statement-breakpoint
-- Key the redeem entries written before the column existed (their source_id is the redemption's id as text).
UPDATE "points_ledger" AS l SET "redemption_id" = r."id"
FROM "redemptions" AS r
WHERE l."reason" = 'redeem' AND l."source_id" = r."id"::text AND r."user_id" = l."user_id";
