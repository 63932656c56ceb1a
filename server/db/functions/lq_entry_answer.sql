-- An entry as an entry action answers it (EntryRow, server/modules/queues/queue-write.queries.ts): its row as
-- it now is, its player's, and its rank facts as entryRankColumns (server/modules/queues/queues.queries.ts)
-- says them: the item names a minimum (min_level) and the player holds no rank or one of a greater level.
CREATE OR REPLACE FUNCTION lq_entry_answer(q player_queues, p players, rank_level integer, min_level integer)
RETURNS jsonb LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
    'id', q.id, 'itemId', q.item_id, 'playerId', q.player_id,
    'queuePosition', q.queue_position, 'attendanceStatus', q.attendance_status,
    'timesReceived', q.times_received, 'timesAbsent', q.times_absent,
    'penaltyUntil', q.penalty_until, 'penaltyNote', q.penalty_note,
    'penaltyNotePrivate', q.penalty_note_private, 'createdAt', q.created_at,
    'playerName', p.name, 'playerNotes', p.notes, 'playerStatus', p.player_status,
    'playerActive', p.is_active, 'rankLevel', rank_level,
    'belowMinimumRank', min_level IS NOT NULL AND (rank_level IS NULL OR rank_level > min_level))
$$;
