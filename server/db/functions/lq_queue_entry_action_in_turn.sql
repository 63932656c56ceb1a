-- Entry actions on one item served in the order they arrived (docs/decisions/001-queue-ordering.md,
-- "Waiting in turn"). Waiting for a row lock is not first come, first served: when the holder commits,
-- a transaction that arrives at that moment can take the row before the ones already waiting, and a
-- waiter that finds the row updated queues again behind it. With 20 clients on one item the slowest
-- receipt waited five to seven times as long as the median. A transaction-scoped advisory lock on the
-- item, taken before the row locks, has a queue PostgreSQL grants in order; the row locks behind it then
-- never wait for another entry action. Same arguments and answer as lq_queue_entry_action.
CREATE OR REPLACE FUNCTION lq_queue_entry_action_in_turn(
  p_guild uuid, p_entry uuid, p_user text, p_now timestamptz, p_action text, p_note text,
  p_penalty_days integer, p_announcing boolean, p_raid_night uuid DEFAULT NULL,
  p_note_private boolean DEFAULT false, p_queue_version integer DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  -- An entry of another guild, or none: no lock, and the action answers NOT_FOUND.
  PERFORM pg_advisory_xact_lock(hashtextextended(q.item_id::text, 0))
     FROM player_queues q WHERE q.guild_id = p_guild AND q.id = p_entry;
  RETURN lq_queue_entry_action(p_guild, p_entry, p_user, p_now, p_action, p_note, p_penalty_days,
    p_announcing, p_raid_night, p_note_private, p_queue_version);
END $$;
