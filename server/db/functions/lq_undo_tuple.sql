-- An undo record's row (queue-undo-record.ts, one tuple per entry as it was).
CREATE OR REPLACE FUNCTION lq_undo_tuple(q player_queues) RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_array(q.id, q.player_id, q.queue_position, q.attendance_status, q.times_received,
    q.times_absent, q.penalty_until, q.penalty_note, q.created_at, q.penalty_note_private)
$$;
