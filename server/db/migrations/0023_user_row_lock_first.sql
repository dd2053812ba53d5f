-- One user's writing transactions take the user's row before the user's data-version row (issue 35).
-- A write to a user-owned table raised the version (locking that row) and a rewarding write then
-- locked the user row (points, the balance read FOR NO KEY UPDATE); an update of the user row itself
-- (the grading system, the time zone, a redemption's conditional UPDATE) locks the user row and then,
-- through users_data_version_bump, the version row. Opposite orders: PostgreSQL broke the deadlock by
-- aborting one, and after the retries the request answered 503. Now the first raise in a transaction
-- locks the user row first (FOR NO KEY UPDATE: the lock an UPDATE of the row takes, compatible with the
-- KEY SHARE of foreign-key checks), so every such transaction of one user takes the two in one order.
-- Later rows of the same transaction skip it all (the setting of 0022), so the cost is one index probe
-- per writing transaction, and writes of one user, already serialized on the version row, queue on the
-- user row instead.
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
    PERFORM 1 FROM "users" WHERE "id" = owner FOR NO KEY UPDATE;
    UPDATE "user_data_versions" SET "version" = "version" + 1 WHERE "user_id" = owner;
    PERFORM set_config('studypilot.data_version_raised', owner::text, true);
  END IF;
  RETURN NULL;
END $$;
