-- audit_logs.seq: the order rows are written in, the activity log's tie-break within one instant (decision 016).
-- Existing rows are numbered in the table's stored order.
DROP INDEX "audit_logs_guild_date_idx";--> statement-breakpoint
DROP INDEX "audit_logs_event_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "audit_logs_guild_date_idx" ON "audit_logs" USING btree ("guild_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "audit_logs_event_idx" ON "audit_logs" USING btree ("event_id","created_at","seq") WHERE event_id is not null;