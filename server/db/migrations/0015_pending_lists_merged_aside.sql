-- Every process merges the trigram indexes' pending lists in the background about once a second
-- (server/db/pending-list-merger.ts, docs/decisions/010-history-search.md), so a receipt no longer merges
-- a full list inside its transaction. The limit, 64 kB until now (migration 0010), becomes a backstop
-- for a process that falls behind: 1 MB, more than a second of receipts at full speed. ALTER, not drop
-- and create: nothing is rebuilt.
ALTER INDEX "audit_logs_description_trgm_idx" SET (gin_pending_list_limit = 1024);--> statement-breakpoint
ALTER INDEX "loot_history_item_name_trgm_idx" SET (gin_pending_list_limit = 1024);--> statement-breakpoint
ALTER INDEX "loot_history_player_name_trgm_idx" SET (gin_pending_list_limit = 1024);
