-- Issue 43, point 2: what a member did keeps their name after they leave. A removal or an account's own
-- deletion writes the member's display name here, in its transaction; the activity log and the loot history
-- read it for the rows whose author has no profile any more. The authors' columns keep the account's id
-- (no foreign key: the account's deletion used to set them to null, and nothing said who had acted).
-- Rows whose author left before this migration have lost that id: they read as a former member's, unnamed.
CREATE TABLE "former_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guild_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"left_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "loot_history" DROP CONSTRAINT "loot_history_distributed_by_user_id_fk";
--> statement-breakpoint
ALTER TABLE "former_members" ADD CONSTRAINT "former_members_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "former_members_guild_user_idx" ON "former_members" USING btree ("guild_id","user_id");