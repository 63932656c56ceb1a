-- Two costs every receipt paid for nothing (docs/decisions/001-queue-ordering.md, "What a receipt no longer
-- pays for").
--
-- lq_fold (migration 0003) was a SQL function. Declared immutable around unaccent, which is only stable,
-- it is never inlined: each statement that computed a folded column (a history row has two, an audit row
-- one) read the function's stored body back and planned it again. In PL/pgSQL its expression is planned
-- once per connection. Same folding, same declaration; every name is schema-qualified, so a later
-- search_path changes nothing.
DO $$
DECLARE
  ext_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                      WHERE e.extname = 'unaccent');
  icu text := CASE WHEN EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu')
                         THEN 'COLLATE pg_catalog."und-x-icu"' ELSE '' END;
BEGIN
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION lq_fold(text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT '
    'AS $fold$BEGIN RETURN pg_catalog.lower(%1$I.unaccent(%2$L::regdictionary, $1) %3$s); END$fold$',
    ext_schema, ext_schema || '.unaccent', icu);
END $$;
--> statement-breakpoint
-- The item's low key (migration 0012) is lowered after an update by a trigger per row whose key went
-- down (or that moved to another item), instead of one per statement. The statement trigger ran on every
-- update of an entry, a receipt included, which moves its entry up the keys, never down: a function call,
-- the rows written kept aside, and an update of items joined with them. Now a receipt's update fires
-- nothing. An update that lowers many keys at once (a re-sort) fires once per such row; it writes each
-- of those rows anyway. Inserts keep their statement trigger: an add-all appends thousands of entries
-- at once, all above the low key.
DROP TRIGGER player_queues_lower_low_key_on_update ON player_queues;
--> statement-breakpoint
CREATE FUNCTION lq_lower_queue_low_key_to_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET queue_low_key = NEW.queue_position
   WHERE id = NEW.item_id AND queue_low_key > NEW.queue_position;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER player_queues_lower_low_key_on_update AFTER UPDATE OF queue_position, item_id ON player_queues
  FOR EACH ROW WHEN (NEW.queue_position < OLD.queue_position OR NEW.item_id <> OLD.item_id)
  EXECUTE FUNCTION lq_lower_queue_low_key_to_row();
