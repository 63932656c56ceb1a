-- A committed change to a user row sends `u:<user id>` on channel lq_row_changes (see
-- lq_notify_user_change).
CREATE OR REPLACE FUNCTION lq_notify_user_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lq_row_changes', 'u:' || OLD.id);
  RETURN NULL;
END $$;
