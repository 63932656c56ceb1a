CREATE TABLE "guild_ranks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guild_id" uuid NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_ranks_level_check" CHECK ("guild_ranks"."level" >= 0 and "guild_ranks"."level" < 20)
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "rank_id" uuid;--> statement-breakpoint
ALTER TABLE "guild_ranks" ADD CONSTRAINT "guild_ranks_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guild_ranks_guild_id_idx" ON "guild_ranks" USING btree ("guild_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "guild_ranks_guild_name_idx" ON "guild_ranks" USING btree ("guild_id",lower("name"));--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_rank_id_guild_ranks_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."guild_ranks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "players_rank_id_idx" ON "players" USING btree ("rank_id");