-- A committed change to a guild row sends `g:<guild id>` on channel lq_row_changes (the public gate's
-- cached guild rows; see lq_notify_user_change).
CREATE OR REPLACE FUNCTION lq_notify_guild_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lq_row_changes', 'g:' || OLD.id);
  RETURN NULL;
END $$;
