-- The current text of lq_finish_queue_write, from server/db/functions/ (npm run db:functions).
-- The end of every queue write (docs/decisions/001-queue-ordering.md, "One way to write a queue"): its one
-- audit row, the record that undoes it (replacing the item's older one; none for an undo, which consumes
-- it), the queue's next version, order span and low key (p_low_key; null leaves it as it is), and the
-- realtime events (channel lq_guild_events, as server/platform/realtime.ts publishes them), sent at the
-- commit. p_event: the raid night the action belongs to (its audit row says so). p_note_private: the note is
-- for officers only (docs/decisions/019-public-visibility.md). Answers the new version.
CREATE OR REPLACE FUNCTION lq_finish_queue_write(
  p_guild uuid, p_item uuid, p_user text, p_at timestamptz,
  p_sorted_from timestamptz, p_sorted_until timestamptz,
  p_action text, p_table text, p_record text, p_description text, p_note text,
  p_undo jsonb, p_undo_history uuid, p_history_changed boolean, p_low_key bigint DEFAULT NULL,
  p_event uuid DEFAULT NULL, p_note_private boolean DEFAULT false
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  next_version integer;
  acted_player uuid;
BEGIN
  INSERT INTO audit_logs (guild_id, user_id, action_type, table_name, record_id, description, note, created_at,
    event_id, note_private)
  VALUES (p_guild, p_user, p_action, p_table, p_record, p_description, p_note, p_at, p_event,
    coalesce(p_note_private, false) AND p_note IS NOT NULL);
  IF p_undo IS NOT NULL THEN
    -- The record names the player of an action on one entry (the queue says whose action it offers to undo):
    -- the entry's, or for a removal, whose entry is gone, the one row the record keeps.
    IF p_table = 'player_queues' THEN
      SELECT q.player_id INTO acted_player FROM player_queues q
       WHERE q.guild_id = p_guild AND q.id = p_record::uuid;
      IF acted_player IS NULL AND jsonb_array_length(p_undo -> 'e') = 1 THEN
        acted_player := (p_undo #>> '{e,0,1}')::uuid;
      END IF;
    END IF;
    INSERT INTO queue_undo AS u (guild_id, item_id, action_type, snapshot, history_id, user_id, player_id,
      created_at)
    VALUES (p_guild, p_item, p_action, p_undo, p_undo_history, p_user, acted_player, p_at)
    ON CONFLICT (item_id) DO UPDATE SET action_type = excluded.action_type, snapshot = excluded.snapshot,
      history_id = excluded.history_id, user_id = excluded.user_id, player_id = excluded.player_id,
      created_at = excluded.created_at
    -- Never a record of another guild (item ids are unique anyway).
    WHERE u.guild_id = p_guild;
  END IF;
  UPDATE items SET queue_version = queue_version + 1, queue_sorted_from = p_sorted_from,
    queue_sorted_until = p_sorted_until, queue_low_key = coalesce(p_low_key, queue_low_key)
  WHERE guild_id = p_guild AND id = p_item
  RETURNING queue_version INTO next_version;
  PERFORM pg_notify('lq_guild_events',
    json_build_object('guildId', p_guild, 'topic', 'queues', 'itemId', p_item)::text);
  IF p_history_changed THEN
    PERFORM pg_notify('lq_guild_events',
      json_build_object('guildId', p_guild, 'topic', 'history', 'itemId', p_item)::text);
  END IF;
  RETURN next_version;
END $$;
