-- A user's data version moves once per writing transaction, not once per row it writes (decision 164).
-- A completed task wrote three rows of the user (the task, its points ledger entry, the balance) and
-- so updated the version row three times; one raise is all a reader needs: it sees the transaction's
-- rows all at once or none of them. The user last raised in this transaction is kept in a setting
-- local to the transaction (set_config(..., true)): it is forgotten at commit or rollback, and rolled
-- back with a savepoint together with the raise it records. A transaction that writes for several
-- users raises each one at least once (alternating users raise again: never fewer than needed).
-- The check is a plain expression in each trigger (no nested function call): on the rows after the
-- first it is all the trigger does.
CREATE OR REPLACE FUNCTION "bump_own_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('studypilot.data_version_raised', true) IS DISTINCT FROM NEW."id"::text THEN
    UPDATE "user_data_versions" SET "version" = "version" + 1 WHERE "user_id" = NEW."id";
    PERFORM set_config('studypilot.data_version_raised', NEW."id"::text, true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    owner := OLD."user_id";
  ELSE
    owner := NEW."user_id";
  END IF;
  IF owner IS NOT NULL AND current_setting('studypilot.data_version_raised', true) IS DISTINCT FROM owner::text THEN
    UPDATE "user_data_versions" SET "version" = "version" + 1 WHERE "user_id" = owner;
    PERFORM set_config('studypilot.data_version_raised', owner::text, true);
  END IF;
  RETURN NULL;
END $$;
