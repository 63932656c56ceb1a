-- The trigram indexes take new rows into a 64 kB pending list, merged in bulk (server/db/schema/util.ts,
-- docs/decisions/010-history-search.md). ALTER, not drop and create: nothing is rebuilt, so the migration
-- is instant on a large history; drizzle-kit's snapshot records the same parameters.
ALTER INDEX "audit_logs_description_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "loot_history_item_name_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "loot_history_player_name_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
