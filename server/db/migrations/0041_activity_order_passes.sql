-- The current text of lq_queue_entry_action, from server/db/functions/ (npm run db:functions).
-- One action on one entry, whole (docs/decisions/001-queue-ordering.md, "One way to write a queue"):
-- `received`, `absent`, `not_interested` (a toggle), `penalize` (p_penalty_days, the reason in p_note) or
-- `remove_penalty`. It locks, checks, places the entry, writes the history, the entry, the audit row and
-- the undo record, and notifies, in one statement. Answers {"error": CODE} having written nothing when the
-- entry is not the guild's (NOT_FOUND), its player is inactive (PLAYER_INACTIVE), a not-interested entry
-- is marked received or absent (NOT_INTERESTED_ENTRY), the winner of an award is below the item's minimum
-- rank (BELOW_MINIMUM_RANK), there is no penalty to remove (NO_PENALTY) or the item's queue is no longer
-- the version the member acted on (QUEUE_CHANGED: p_queue_version, when given; below);
-- {"announces": true}, also having written nothing, when the guild sends announcements and the caller did
-- not say it writes them in this transaction (p_announcing); else what changed: the entry as it now is
-- (its rank facts included), the shown entry now before it, the new version, and whether the whole queue
-- was sorted again.
--
-- Placement: while the stored order is known sorted at p_now (the item's span), the entry alone (or with the
-- passed absentees of an award, below) moves to the end of its group: a key between the last entry of its group and the first of a later one, found
-- through the partial indexes of player_queues (their predicates are written as literals, or PostgreSQL
-- could not use them). Otherwise, or when no key is free there, the whole queue is sorted by group
-- (stable, the entry last in its group) and every key spaced again. The shown position is counted from
-- the item's low key ("Counting from the low key"); the first live penalty is compared with (SELECT p_now)
-- so its plan is made once ("Plans made once").
--
-- Raid nights (docs/decisions/016-raid-nights.md): every action is linked to the night running at p_now,
-- if any (its audit row; an award's history row too). An award during a night passes over the players
-- ahead of the winner who could have received but are not here (bench, excused, no-show): each pass is an
-- audit row with its reason, and a no-show is marked absent in this queue (the absent rule: behind the
-- pending players, one more absence) when the guild's no-show rule says so; the others keep their place.
-- A kept place is logged once per night and entry: a later award of the same item that night passes the
-- same player for the same reason without another row, unless the row that logged it was undone (its undo
-- marks the award's passes: server/modules/queues/queue-undo.queries.ts markUndone). Marking absent moves several entries: while the
-- order is known sorted, the absentees and then the winner take keys at the end of their group, as one
-- entry does alone, the undo record holds those entries and the answer lists them as they now are
-- (passedAbsent, in their new order, right before the entry); otherwise the queue is sorted again (one
-- statement) and the undo record holds every entry. Either way undoing the award gives the passed players
-- their place back. p_raid_night: the night
-- the member saw running; an award answers RAID_NIGHT_NOT_RUNNING, writing nothing, when that is not the
-- night running now (it ended, or was completed meanwhile).
--
-- Scoping: the entry is found by its id and the guild, and its item, locked with it, must be the guild's;
-- the look-ups of one entry of the item (the heads of the groups, the entry before a new place) then name
-- the item alone, as does every entry of it. With the guild named there too, PostgreSQL could AND the
-- guild's index with the item's, reading every entry of the guild, or sort every entry of the item for one
-- of them, and did while the tables had no statistics yet (a new database, the first minute after an
-- add-all): decision 001, "Walks, not sorts". The count of the shown entries before the entry keeps the
-- guild: without it, PGlite planned that count as a hash join over every player of the database.
--
-- The queue the member saw (p_queue_version, the version of the queue on their screen; none: unchecked): two
-- officers who click "received" on the same player at once both saw that player pending; the second, having
-- waited for the first's lock, finds a later version and is refused (QUEUE_CHANGED) instead of handing the
-- same drop out twice (docs/decisions/001-queue-ordering.md, "The queue the member saw").
--
-- Officers-only notes (docs/decisions/019-public-visibility.md): p_note_private marks the note for officers
-- only, on the audit row, the award's history row and a penalty's reason on the entry. Without a note
-- there is nothing to keep private: the flag is then ignored (stored false).
CREATE OR REPLACE FUNCTION lq_queue_entry_action(
  p_guild uuid, p_entry uuid, p_user text, p_now timestamptz, p_action text, p_note text,
  p_penalty_days integer, p_announcing boolean, p_raid_night uuid DEFAULT NULL,
  p_note_private boolean DEFAULT false, p_queue_version integer DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  note_private boolean := coalesce(p_note_private, false) AND p_note IS NOT NULL;
  new_penalty_note_private boolean;
  r record;
  new_status text;
  new_received integer;
  new_absent integer;
  new_penalty timestamptz;
  new_penalty_note text;
  action_type text;
  description text;
  shown_position integer;
  entries_before integer;
  low_key bigint;
  entry_group integer;
  after_key bigint;
  head bigint;
  before_key bigint;
  before_status text;
  before_penalty timestamptz;
  before_id uuid;
  before_shown boolean;
  shown_before uuid;
  new_key bigint;
  sorted_from timestamptz;
  sorted_until timestamptz;
  undo jsonb;
  history_id uuid;
  resorted boolean := false;
  next_version integer;
  night_id uuid;
  night_name text;
  night_until timestamptz;
  no_show_rule text;
  winner_group integer;
  passes jsonb := '[]'::jsonb;
  passes_to_log jsonb := '[]'::jsonb;
  passed_absent uuid[] := '{}';
  passed_lapsed timestamptz;
  moved uuid[];
  moved_keys bigint[];
  entry_row player_queues;
  passed_absent_entries jsonb := '[]'::jsonb;
  extends_group boolean;
  min_level integer;
BEGIN
  -- The item first, then the entry, as every queue write locks; both as they are once locked.
  -- With them, in the same statement, the night running now: the active night of the guild that started
  -- last, until its end (or NIGHT_DEFAULT_HOURS, contract/raid-nights.ts, after its start when it has none).
  SELECT i.id AS item_id, i.guild_id AS item_guild, i.name AS item_name, i.rarity AS item_rarity, i.item_type,
         i.queue_sorted_from, i.queue_sorted_until, i.queue_low_key, i.min_rank_id, i.queue_version,
         EXISTS (SELECT 1 FROM guild_integrations gi
                  WHERE gi.guild_id = i.guild_id AND gi.disabled_at IS NULL) AS announces,
         q.player_id, q.queue_position, q.attendance_status, q.times_received, q.times_absent,
         q.penalty_until, q.penalty_note, q.penalty_note_private,
         p.name AS player_name, p.is_active, p AS player,
         (SELECT pr.level FROM guild_ranks pr WHERE pr.id = p.rank_id) AS rank_level,
         n.id AS night_id, n.name AS night_name, n.until AS night_until, n.no_show_rule
    INTO r
    FROM items i
    JOIN player_queues q ON q.item_id = i.id
    JOIN players p ON p.id = q.player_id
    LEFT JOIN LATERAL (
      SELECT n.id, n.name, coalesce(n.ends_at, n.starts_at + make_interval(hours => 6)) AS until,
             g.no_show_rule
        FROM raid_nights n JOIN guilds g ON g.id = n.guild_id
       WHERE n.guild_id = p_guild AND n.status = 'active' AND n.starts_at <= (SELECT p_now)
       ORDER BY n.starts_at DESC LIMIT 1
    ) n ON true
   WHERE q.guild_id = p_guild AND q.id = p_entry
     FOR UPDATE OF i, q;
  IF NOT FOUND OR r.item_guild <> p_guild THEN
    RETURN jsonb_build_object('error', 'NOT_FOUND');
  END IF;
  IF p_queue_version IS NOT NULL AND r.queue_version <> p_queue_version THEN
    RETURN jsonb_build_object('error', 'QUEUE_CHANGED');
  END IF;
  -- Entries of inactive or expelled players are hidden from queues, so they cannot be acted on.
  IF NOT r.is_active THEN
    RETURN jsonb_build_object('error', 'PLAYER_INACTIVE');
  END IF;

  new_status := r.attendance_status;
  new_received := r.times_received;
  new_absent := r.times_absent;
  new_penalty := r.penalty_until;
  new_penalty_note := r.penalty_note;
  new_penalty_note_private := r.penalty_note_private;
  CASE p_action
    WHEN 'received', 'absent' THEN
      IF r.attendance_status = 'not_interested' THEN
        RETURN jsonb_build_object('error', 'NOT_INTERESTED_ENTRY');
      END IF;
      -- Below the item's minimum rank (when it names one): never awarded (lq_below_minimum_rank locks what
      -- it read).
      IF p_action = 'received' AND r.min_rank_id IS NOT NULL
         AND lq_below_minimum_rank(p_guild, r.item_id, r.player_id) THEN
        RETURN jsonb_build_object('error', 'BELOW_MINIMUM_RANK');
      END IF;
      new_status := p_action;
      IF p_action = 'received' THEN
        new_received := r.times_received + 1;
        action_type := 'ITEM_RECEIVED';
      ELSE
        new_absent := r.times_absent + 1;
        action_type := 'PLAYER_ABSENT';
      END IF;
    WHEN 'not_interested' THEN
      IF r.attendance_status = 'not_interested' THEN
        new_status := 'pending';
        action_type := 'PLAYER_INTERESTED';
      ELSE
        new_status := 'not_interested';
        action_type := 'PLAYER_NOT_INTERESTED';
      END IF;
    WHEN 'penalize' THEN
      new_penalty := p_now + make_interval(secs => p_penalty_days * 86400);
      new_penalty_note := p_note;
      new_penalty_note_private := note_private;
      action_type := 'PLAYER_PENALIZED';
    WHEN 'remove_penalty' THEN
      -- A lapsed penalty can still be cleared (its note goes with it); no penalty at all cannot.
      IF r.penalty_until IS NULL THEN
        RETURN jsonb_build_object('error', 'NO_PENALTY');
      END IF;
      new_penalty := NULL;
      new_penalty_note := NULL;
      new_penalty_note_private := false;
      action_type := 'PLAYER_PENALTY_REMOVED';
  END CASE;
  -- The item's minimum rank's level, when it names one: the entry's rank facts in the answer, and who an
  -- award during a night may pass over.
  IF r.min_rank_id IS NOT NULL THEN
    SELECT mr.level INTO min_level FROM guild_ranks mr WHERE mr.guild_id = p_guild AND mr.id = r.min_rank_id;
  END IF;
  -- The night read with the entry (above), while it runs.
  night_id := r.night_id;
  night_name := r.night_name;
  night_until := r.night_until;
  IF night_until <= p_now THEN
    night_id := NULL;
  END IF;
  IF p_action = 'received' AND night_id IS NOT NULL THEN
    -- Completing the night waits for the awards under way, and an award waits for a completion under way
    -- (then finds the night completed).
    PERFORM 1 FROM raid_nights WHERE id = night_id AND status = 'active' FOR SHARE;
    IF NOT FOUND THEN
      night_id := NULL;
    END IF;
  END IF;
  IF p_action = 'received' AND p_raid_night IS NOT NULL AND p_raid_night IS DISTINCT FROM night_id THEN
    RETURN jsonb_build_object('error', 'RAID_NIGHT_NOT_RUNNING');
  END IF;
  IF r.announces AND NOT p_announcing THEN
    RETURN jsonb_build_object('announces', true);
  END IF;

  -- The players an award during a night passes over: ahead of the winner (by group, then key: the order
  -- the rule keeps), able to receive (shown, interested, no live penalty, not below the item's minimum
  -- rank) and marked not here. Read from the night's away marks first (OFFSET 0: planned alone, or the
  -- planner may start from the item's queue), then one look-up each in the item's queue by its unique
  -- (item, player) index: the cost follows the night's absentees, not the queue's length.
  IF p_action = 'received' AND night_id IS NOT NULL THEN
    winner_group := lq_queue_group(r.attendance_status, r.penalty_until, p_now);
    no_show_rule := r.no_show_rule;
    -- One statement, no loop: the answer's list, the rows to log, the absentees in their order, and the
    -- latest lapsed penalty among them (the absentees' move starts the sorted span then, as the winner's).
    SELECT coalesce(jsonb_agg(jsonb_build_object('entryId', s.id, 'playerName', s.player_name,
                      'attendance', s.night_status, 'markedAbsent', s.marked_absent) ORDER BY s.queue_position),
                    '[]'::jsonb),
           -- Each pass to log is an audit row of the passed entry, its reason language-neutral: the night's
           -- name and the player's mark (contract/activity-description.ts puts the mark into words).
           coalesce(jsonb_agg(jsonb_build_object('entryId', s.id,
                      'action', CASE WHEN s.marked_absent THEN 'PLAYER_PASSED_ABSENT' ELSE 'PLAYER_PASSED' END,
                      'description', s.reason) ORDER BY s.queue_position)
                    FILTER (WHERE s.marked_absent OR NOT s.logged), '[]'::jsonb),
           coalesce(array_agg(s.id ORDER BY s.queue_position) FILTER (WHERE s.marked_absent), '{}'),
           max(s.penalty_until) FILTER (WHERE s.marked_absent)
      INTO passes, passes_to_log, passed_absent, passed_lapsed
      FROM (
        SELECT q.id, q.queue_position, q.penalty_until, p.name AS player_name, a.status AS night_status,
               a.status = 'no_show' AND no_show_rule = 'absent' AS marked_absent, reason,
               -- A kept place already logged tonight for this entry and reason, by an award not undone
               -- (header above).
               EXISTS (SELECT 1 FROM audit_logs l
                        WHERE l.guild_id = p_guild AND l.record_id = q.id::text AND l.event_id = night_id
                          AND l.action_type = 'PLAYER_PASSED' AND l.description = reason
                          AND l.undone_at IS NULL) AS logged
          FROM (SELECT player_id, status FROM raid_night_attendance
                 WHERE raid_night_id = night_id AND status IN ('bench', 'excused', 'no_show') OFFSET 0) a
          JOIN player_queues q ON q.item_id = r.item_id AND q.player_id = a.player_id
          JOIN players p ON p.id = q.player_id
          LEFT JOIN guild_ranks pr ON pr.id = p.rank_id
          CROSS JOIN LATERAL (SELECT r.item_name || ' · ' || p.name || ' · ' || night_name || ' · '
                                     || a.status AS reason) AS d
         WHERE q.guild_id = p_guild AND q.id <> p_entry AND p.is_active
           AND q.attendance_status <> 'not_interested'
           AND (q.penalty_until IS NULL OR q.penalty_until <= p_now)
           AND (min_level IS NULL OR pr.level <= min_level)
           AND (lq_queue_group(q.attendance_status, q.penalty_until, p_now) < winner_group
                OR (lq_queue_group(q.attendance_status, q.penalty_until, p_now) = winner_group
                    AND q.queue_position < r.queue_position))
      ) AS s;
  END IF;

  -- The position the member saw (among the shown entries), for the history, the description and an
  -- announcement; counted only when one of them needs it, from the item's low key (migration 0012): the
  -- entries below it are the dead ones that earlier receipts left, which a count from the start of the
  -- queue would step over one by one. When no entry at all comes before this one, its key is the new low.
  low_key := r.queue_low_key;
  IF p_action IN ('received', 'absent') OR p_announcing THEN
    IF low_key IS NULL THEN
      SELECT min(queue_position) INTO low_key FROM player_queues WHERE item_id = r.item_id;
    END IF;
    SELECT 1 + count(*) FILTER (WHERE p.is_active), count(*) INTO shown_position, entries_before
      FROM player_queues q JOIN players p ON p.id = q.player_id
     WHERE q.guild_id = p_guild AND q.item_id = r.item_id
       AND q.queue_position >= low_key AND q.queue_position < r.queue_position;
    IF entries_before = 0 THEN
      low_key := r.queue_position;
    END IF;
  END IF;
  -- Descriptions are language-neutral (names, numbers); the action type carries the meaning.
  description := CASE p_action
    WHEN 'received' THEN r.item_name || ' → ' || r.player_name || ' (#' || shown_position || ')'
    WHEN 'absent' THEN r.item_name || ' · ' || r.player_name || ' (#' || shown_position || ')'
    WHEN 'penalize' THEN r.item_name || ' · ' || r.player_name || ' · ' || p_penalty_days || 'd'
    ELSE r.item_name || ' · ' || r.player_name
  END;

  sorted_from := r.queue_sorted_from;
  sorted_until := r.queue_sorted_until;
  entry_group := lq_queue_group(new_status, new_penalty, p_now);
  -- The entries that move: the passed players marked absent, in their order, then the entry. Absentees
  -- join the end of group 2 (other), so with them the entry must end there too, or the queue is sorted.
  moved := passed_absent || p_entry;
  IF sorted_from IS NOT NULL AND sorted_from <= p_now AND (sorted_until IS NULL OR p_now < sorted_until)
     AND (cardinality(moved) = 1 OR entry_group = 2) THEN
    -- The first entry of a later group: the first of the heads of the groups after the entry's: the
    -- not-interested entries (4), the live penalties of the others (3), the received or absent entries
    -- (2 or 3: any of them comes after every pending one).
    IF entry_group < 4 THEN
      SELECT queue_position INTO after_key FROM player_queues
       WHERE item_id = r.item_id AND id <> ALL(moved) AND attendance_status = 'not_interested'
       ORDER BY queue_position LIMIT 1;
    END IF;
    IF entry_group < 3 THEN
      -- (SELECT p_now) and OFFSET 0: a plan that does not depend on p_now's value (header above).
      SELECT min(queue_position) INTO head FROM (
        SELECT queue_position FROM player_queues
         WHERE item_id = r.item_id AND id <> ALL(moved)
           AND penalty_until IS NOT NULL AND attendance_status <> 'not_interested'
           AND penalty_until > (SELECT p_now)
        OFFSET 0) AS live_penalties;
      after_key := least(after_key, head);
    END IF;
    IF entry_group < 2 THEN
      SELECT queue_position INTO head FROM player_queues
       WHERE item_id = r.item_id AND id <> ALL(moved) AND attendance_status IN ('received', 'absent')
       ORDER BY queue_position LIMIT 1;
      after_key := least(after_key, head);
    END IF;
    -- The entry right before that bound: a walk down the item's keys from the bound that stops at the
    -- first entry, its player looked up after (a join in the walk could be planned as a sort of every
    -- entry of the item).
    SELECT b.queue_position, b.attendance_status, b.penalty_until, b.id, p.is_active
      INTO before_key, before_status, before_penalty, before_id, before_shown
      FROM (SELECT id, player_id, queue_position, attendance_status, penalty_until FROM player_queues
             WHERE item_id = r.item_id AND id <> ALL(moved)
               AND queue_position < coalesce(after_key, 9223372036854775807)
             ORDER BY queue_position DESC LIMIT 1) AS b
      JOIN players p ON p.id = b.player_id;
    -- The last shown entry before the bound (what a member sees the moved entry follow): that one, unless
    -- its player is hidden (inactive), and then one further down.
    IF before_shown THEN
      shown_before := before_id;
    ELSIF before_key IS NOT NULL THEN
      SELECT q.id INTO shown_before
        FROM player_queues q JOIN players p ON p.id = q.player_id
       WHERE q.guild_id = p_guild AND q.item_id = r.item_id AND q.id <> ALL(moved) AND p.is_active
         AND q.queue_position < before_key
       ORDER BY q.queue_position DESC LIMIT 1;
    END IF;
    IF cardinality(moved) = 1 AND (before_key IS NULL OR before_key < r.queue_position)
       AND (after_key IS NULL OR r.queue_position < after_key) THEN
      new_key := r.queue_position;
    ELSE
      -- One key after another between the bounds, each right after the one before (the same group).
      extends_group := before_key IS NOT NULL
        AND lq_queue_group(before_status, before_penalty, p_now) = entry_group;
      new_key := before_key;
      moved_keys := '{}';
      FOR i IN 1 .. cardinality(moved) LOOP
        new_key := lq_key_between(new_key, after_key, extends_group);
        EXIT WHEN new_key IS NULL;
        moved_keys := moved_keys || new_key;
        extends_group := true;
      END LOOP;
      IF new_key IS NULL THEN
        moved_keys := NULL;
      END IF;
    END IF;
  END IF;

  IF new_key IS NOT NULL THEN
    sorted_from := lq_sorted_from_after_move(sorted_from, new_status, new_penalty, p_now);
    sorted_from := lq_sorted_from_after_move(sorted_from, 'absent', passed_lapsed, p_now);
    sorted_until := lq_sorted_until_after_move(sorted_until, new_status, new_penalty, p_now);
    -- One entry (most actions) by its id: with `= ANY(moved)` alone, PostgreSQL judged its generic plan
    -- costlier than one made for the array's values and planned the statement anew at every call.
    IF cardinality(moved) = 1 THEN
      SELECT jsonb_build_array(lq_undo_tuple(q)) INTO undo
        FROM player_queues q WHERE q.guild_id = p_guild AND q.id = p_entry;
    ELSE
      SELECT jsonb_agg(lq_undo_tuple(q) ORDER BY q.queue_position) INTO undo
        FROM player_queues q WHERE q.guild_id = p_guild AND q.id = ANY(moved);
    END IF;
  ELSE
    resorted := true;
    SELECT jsonb_agg(lq_undo_tuple(q) ORDER BY q.queue_position) INTO undo
      FROM player_queues q WHERE q.guild_id = p_guild AND q.item_id = r.item_id;
  END IF;
  undo := jsonb_build_object('v', 2, 'e', undo, 'c', '[]'::jsonb, 'f', resorted,
    's', jsonb_build_array(r.queue_sorted_from, r.queue_sorted_until));

  IF p_action = 'received' THEN
    INSERT INTO loot_history (guild_id, item_id, player_id, item_name, item_rarity, item_type, player_name,
      distributed_by, notes, notes_private, previous_queue_position, distributed_at, event_id)
    VALUES (p_guild, r.item_id, r.player_id, r.item_name, r.item_rarity, r.item_type, r.player_name,
      p_user, p_note, note_private, shown_position, p_now, night_id)
    RETURNING id INTO history_id;
  END IF;

  IF jsonb_array_length(passes_to_log) > 0 THEN
    -- The log lists one instant's rows latest written first (audit_logs.seq, history.queries.ts): the award's
    -- own row, written last (lq_finish_queue_write), then its passes in queue order, so they are written
    -- from the last in the queue to the first.
    INSERT INTO audit_logs (guild_id, user_id, action_type, table_name, record_id, description, note,
      created_at, event_id)
    SELECT p_guild, p_user, x->>'action', 'player_queues', x->>'entryId', x->>'description', NULL, p_now,
           night_id
      FROM jsonb_array_elements(passes_to_log) WITH ORDINALITY AS written(x, n)
     ORDER BY written.n DESC;
  END IF;
  IF cardinality(passed_absent) > 0 THEN
    UPDATE player_queues SET attendance_status = 'absent', times_absent = times_absent + 1, updated_at = p_now
     WHERE guild_id = p_guild AND id = ANY(passed_absent);
  END IF;
  IF cardinality(moved_keys) > 1 THEN
    -- Every moved entry's key in one statement: a new key may be another moved entry's old one (the unique
    -- key is checked at the end of the statement). The entry's own update below keeps it.
    UPDATE player_queues q SET queue_position = m.key
      FROM unnest(moved, moved_keys) AS m(id, key)
     WHERE q.guild_id = p_guild AND q.id = m.id AND q.queue_position <> m.key;
  END IF;

  UPDATE player_queues SET attendance_status = new_status, times_received = new_received,
    times_absent = new_absent, penalty_until = new_penalty, penalty_note = new_penalty_note,
    penalty_note_private = new_penalty_note_private,
    queue_position = coalesce(new_key, queue_position), updated_at = p_now
  WHERE guild_id = p_guild AND id = p_entry
  RETURNING * INTO entry_row;

  IF cardinality(passed_absent) > 0 AND NOT resorted THEN
    -- The absentees as they now are, in their new order (right before the entry): the answer places them
    -- one after another, so it does not grow with the queue.
    SELECT jsonb_agg(lq_entry_answer(q, p, pr.level, min_level) ORDER BY q.queue_position)
      INTO passed_absent_entries
      FROM player_queues q JOIN players p ON p.id = q.player_id LEFT JOIN guild_ranks pr ON pr.id = p.rank_id
     WHERE q.guild_id = p_guild AND q.id = ANY(passed_absent);
  END IF;

  IF resorted THEN
    -- Stable by the old order inside each group; the acted-on entry last in its own, after the passed
    -- players marked absent. Only the rows whose key changes are written (the unique key is checked at the
    -- end of the statement).
    WITH ordered AS (
      SELECT id, 16777216 * row_number() OVER (
               ORDER BY lq_queue_group(attendance_status, penalty_until, p_now),
                        CASE WHEN id = p_entry THEN 2 WHEN id = ANY(passed_absent) THEN 1 ELSE 0 END,
                        queue_position
             ) AS key
        FROM player_queues WHERE guild_id = p_guild AND item_id = r.item_id
    )
    UPDATE player_queues q SET queue_position = o.key
      FROM ordered o
     WHERE q.id = o.id AND q.guild_id = p_guild AND q.queue_position <> o.key;
    sorted_from := p_now;
    SELECT min(penalty_until) INTO sorted_until FROM player_queues
     WHERE guild_id = p_guild AND item_id = r.item_id
       AND penalty_until IS NOT NULL AND attendance_status <> 'not_interested' AND penalty_until > p_now;
  END IF;

  next_version := lq_finish_queue_write(p_guild, r.item_id, p_user, p_now, sorted_from, sorted_until,
    action_type, 'player_queues', p_entry::text, description, p_note, undo, history_id,
    p_action = 'received',
    -- The entry's own new key may be the lowest; a re-sort's keys were lowered by the trigger; an unknown
    -- low stays unknown (least() would skip the null).
    CASE WHEN NOT resorted AND low_key IS NOT NULL
         THEN least(low_key, coalesce(moved_keys[1], new_key, r.queue_position)) END,
    night_id, note_private);

  RETURN jsonb_build_object(
    'version', next_version,
    'item', jsonb_build_object('id', r.item_id, 'name', r.item_name, 'rarity', r.item_rarity),
    'actionType', action_type,
    'resorted', resorted,
    'after', shown_before,
    'positionBefore', shown_position,
    'raidNightId', night_id,
    'passed', passes,
    'passedAbsent', passed_absent_entries,
    'entry', lq_entry_answer(entry_row, r.player, r.rank_level, min_level));
END $$;
