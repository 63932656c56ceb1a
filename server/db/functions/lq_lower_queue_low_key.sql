-- After an insert into player_queues (a statement trigger: an add-all appends thousands of entries at
-- once): lowers each written item's low key to the lowest key inserted when that is below it
-- (docs/decisions/001-queue-ordering.md, "Counting from the low key").
CREATE OR REPLACE FUNCTION lq_lower_queue_low_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items i SET queue_low_key = m.low
    FROM (SELECT item_id, min(queue_position) AS low FROM written_entries GROUP BY item_id) AS m
   WHERE i.id = m.item_id AND i.queue_low_key > m.low;
  RETURN NULL;
END $$;
