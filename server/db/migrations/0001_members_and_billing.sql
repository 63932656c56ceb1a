CREATE TABLE "billing_sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"guild_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"interval" text,
	"language" text DEFAULT 'pt' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_sandbox_sessions_kind_check" CHECK ("billing_sandbox_sessions"."kind" in ('subscription', 'extra_invite', 'portal')),
	CONSTRAINT "billing_sandbox_sessions_status_check" CHECK ("billing_sandbox_sessions"."status" in ('open', 'paid', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "billing_interval" text;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "subscription_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_sandbox_sessions" ADD CONSTRAINT "billing_sandbox_sessions_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_sandbox_sessions_guild_id_idx" ON "billing_sandbox_sessions" USING btree ("guild_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_invitations_pending_email_idx" ON "user_invitations" USING btree ("guild_id","email") WHERE "user_invitations"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_billing_interval_check" CHECK ("guilds"."billing_interval" in ('month', 'year'));