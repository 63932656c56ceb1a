ALTER TABLE "guilds" ADD COLUMN "rank_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "min_rank_id" uuid;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_min_rank_id_guild_ranks_id_fk" FOREIGN KEY ("min_rank_id") REFERENCES "public"."guild_ranks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_min_rank_id_idx" ON "items" USING btree ("min_rank_id");