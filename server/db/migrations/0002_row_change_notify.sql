-- Row-change notifications for per-process caches (server/auth/session-cache.ts, the public gate's guild
-- rows): a committed change to a session, user, profile or guild row sends `u:<user id>` or `g:<guild id>`
-- on channel lq_row_changes. Triggers, not application code, so no writer can forget one (better-auth's own
-- sign-out and password change, a test or a script writing SQL). NOTIFY is transactional: a rolled-back
-- change sends nothing, and identical payloads of one transaction arrive once.
CREATE FUNCTION lq_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lq_row_changes', 'u:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lq_row_changes', 'u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lq_notify_user_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lq_row_changes', 'u:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lq_notify_guild_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lq_row_changes', 'g:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_row_change AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION lq_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER profiles_row_change AFTER INSERT OR UPDATE OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION lq_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER user_row_change AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION lq_notify_user_row_change();
--> statement-breakpoint
CREATE TRIGGER guilds_row_change AFTER UPDATE OR DELETE ON "guilds"
  FOR EACH ROW EXECUTE FUNCTION lq_notify_guild_change();
