-- The ADMIN_USERNAMES entry that made an account an admin (docs/decisions/072): the reserved name holds against
-- every other account, not against this one, which may rename away and take it back. Filled at the next
-- start-up for the accounts that hold a listed name then.
ALTER TABLE "users" ADD COLUMN "admin_name_grant" text;
