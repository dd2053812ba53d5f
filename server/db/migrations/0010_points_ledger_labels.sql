ALTER TABLE "points_ledger" ADD COLUMN "label" text;--> statement-breakpoint
-- Name what earned the points in entries written before labels existed, where the source still exists.
UPDATE "points_ledger" AS l SET "label" = left(t."title", 200)
FROM "tasks" AS t
WHERE l."reason" = 'task' AND l."source_id" = t."id"::text AND t."user_id" = l."user_id";--> statement-breakpoint
UPDATE "points_ledger" AS l SET "label" = left(a."name", 200)
FROM "grades" AS g JOIN "assessments" AS a ON a."id" = g."assessment_id"
WHERE l."reason" = 'grade' AND l."source_id" = g."id"::text AND g."user_id" = l."user_id";--> statement-breakpoint
UPDATE "points_ledger" AS l SET "label" = left(r."reward_name", 200)
FROM "redemptions" AS r
WHERE l."reason" = 'redeem' AND l."source_id" = r."id"::text AND r."user_id" = l."user_id";
