CREATE TABLE "class_group_item_receipts" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_group_item_receipts_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "class_group_item_receipts" ADD CONSTRAINT "class_group_item_receipts_item_id_class_group_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."class_group_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_group_item_receipts" ADD CONSTRAINT "class_group_item_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_group_item_receipts_user_idx" ON "class_group_item_receipts" USING btree ("user_id");;--> statement-breakpoint
-- The copies made before this table: each (item, user) that has one now got it (decision 211). Copies
-- hidden or unlinked before it are not known; such an item may be copied once more on a rejoin.
INSERT INTO "class_group_item_receipts" ("item_id", "user_id")
  SELECT DISTINCT "group_item_id", "user_id" FROM "tasks" WHERE "group_item_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
