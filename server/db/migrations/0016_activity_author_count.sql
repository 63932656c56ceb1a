-- The activity search counts its author arm on its own (history.queries.ts, activityCount;
-- docs/decisions/010-history-search.md): with the guild in the author's index, that count reads the index
-- alone on a vacuumed table, instead of visiting the row of every match. It replaces the author-only index,
-- so a write still updates as many indexes as before.
DROP INDEX "audit_logs_user_id_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_user_guild_idx" ON "audit_logs" USING btree ("user_id","guild_id");
