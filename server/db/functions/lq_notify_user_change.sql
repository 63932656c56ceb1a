-- Row-change notifications for per-process caches (server/auth/session-cache.ts, the public gate's guild
-- rows): a committed change to a session, user, profile or guild row sends `u:<user id>` or `g:<guild id>`
-- on channel lq_row_changes. Triggers, not application code, so no writer can forget one (better-auth's own
-- sign-out and password change, a test or a script writing SQL). NOTIFY is transactional: a rolled-back
-- change sends nothing, and identical payloads of one transaction arrive once.
CREATE OR REPLACE FUNCTION lq_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lq_row_changes', 'u:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lq_row_changes', 'u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
