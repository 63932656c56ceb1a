-- After an update of an entry whose key went down or that moved to another item (a row trigger, so a
-- receipt, which moves its entry up the keys, fires nothing): lowers the item's low key to the entry's key
-- when that is below it (docs/decisions/001-queue-ordering.md, "What a receipt no longer pays for").
CREATE OR REPLACE FUNCTION lq_lower_queue_low_key_to_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET queue_low_key = NEW.queue_position
   WHERE id = NEW.item_id AND queue_low_key > NEW.queue_position;
  RETURN NULL;
END $$;
