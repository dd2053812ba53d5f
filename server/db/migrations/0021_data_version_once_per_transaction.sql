-- A user's data version moves once per writing transaction, not once per row it writes (decision 164).
-- A completed task wrote three rows of the user (the task, its points ledger entry, the balance) and
-- so updated the version row three times; one raise is all a reader needs: it sees the transaction's
-- rows all at once or none of them. The user last raised in this transaction is kept in a setting
-- local to the transaction (set_config(..., true)): it is forgotten at commit or rollback, and rolled
-- back with a savepoint together with the raise it records. A transaction that writes for several
-- users raises each one at least once (alternating users raise again: never fewer than needed).
CREATE OR REPLACE FUNCTION "raise_data_version_once"("owner" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "owner" IS NULL OR current_setting('studypilot.data_version_raised', true) IS NOT DISTINCT FROM "owner"::text THEN
    RETURN;
  END IF;
  UPDATE "user_data_versions" SET "version" = "version" + 1 WHERE "user_id" = "owner";
  PERFORM set_config('studypilot.data_version_raised', "owner"::text, true);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_own_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_data_version_once"(NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "raise_data_version_once"(OLD."user_id");
  ELSE
    PERFORM "raise_data_version_once"(NEW."user_id");
  END IF;
  RETURN NULL;
END $$;
