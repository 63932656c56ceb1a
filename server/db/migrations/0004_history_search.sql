ALTER TABLE "audit_logs" ADD COLUMN "description_folded" text GENERATED ALWAYS AS (lq_fold(description)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "loot_history" ADD COLUMN "item_name_folded" text GENERATED ALWAYS AS (lq_fold(item_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "loot_history" ADD COLUMN "player_name_folded" text GENERATED ALWAYS AS (lq_fold(player_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_user_id_idx" ON "audit_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_guild_action_idx" ON "audit_logs" USING btree ("guild_id","action_type");--> statement-breakpoint
CREATE INDEX "audit_logs_description_trgm_idx" ON "audit_logs" USING gin ("description_folded" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "loot_history_item_name_trgm_idx" ON "loot_history" USING gin ("item_name_folded" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "loot_history_player_name_trgm_idx" ON "loot_history" USING gin ("player_name_folded" gin_trgm_ops) WITH (fastupdate=false);