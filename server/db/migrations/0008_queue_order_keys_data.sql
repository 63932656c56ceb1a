-- Queue positions become sparse ordering keys (docs/decisions/001-queue-ordering.md): the stored 1..n,
-- spread KEY_SPACING (2^24, server/modules/queues/queue-keys.ts) apart, leave room to move one entry
-- between two others without renumbering the rest.
UPDATE "player_queues" SET "queue_position" = "queue_position" * 16777216;--> statement-breakpoint
-- One key per entry of an item. DEFERRABLE, so checked at the end of each statement: a re-sort or an undo
-- rewrites many keys in one UPDATE, passing through rows that briefly share a key.
ALTER TABLE "player_queues" ADD CONSTRAINT "player_queues_item_position_unique" UNIQUE ("item_id", "queue_position") DEFERRABLE INITIALLY IMMEDIATE;
