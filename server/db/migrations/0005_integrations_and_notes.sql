CREATE TABLE "guild_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guild_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"url_sealed" text NOT NULL,
	"secret_sealed" text,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text DEFAULT 'pt' NOT NULL,
	"disabled_reason" text,
	"disabled_status" integer,
	"disabled_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guild_integrations_guild_kind_unique" UNIQUE("guild_id","kind"),
	CONSTRAINT "guild_integrations_kind_check" CHECK ("guild_integrations"."kind" in ('discord', 'webhook')),
	CONSTRAINT "guild_integrations_language_check" CHECK ("guild_integrations"."language" in ('pt', 'en')),
	CONSTRAINT "guild_integrations_disabled_reason_check" CHECK ("guild_integrations"."disabled_reason" in ('rejected', 'undecryptable'))
);
--> statement-breakpoint
CREATE TABLE "integration_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"guild_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"event" text NOT NULL,
	"item_id" uuid,
	"action_at" timestamp with time zone,
	"announcement" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_status" integer,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_outbox_event_check" CHECK ("integration_outbox"."event" in ('awards', 'absences', 'queue', 'subscription')),
	CONSTRAINT "integration_outbox_status_check" CHECK ("integration_outbox"."status" in ('pending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "guild_integrations" ADD CONSTRAINT "guild_integrations_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_outbox" ADD CONSTRAINT "integration_outbox_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_outbox" ADD CONSTRAINT "integration_outbox_integration_id_guild_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."guild_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_outbox_due_idx" ON "integration_outbox" USING btree ("next_attempt_at") WHERE "integration_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "integration_outbox_pending_idx" ON "integration_outbox" USING btree ("integration_id","seq") WHERE "integration_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "integration_outbox_guild_idx" ON "integration_outbox" USING btree ("guild_id","created_at");--> statement-breakpoint
CREATE INDEX "integration_outbox_action_idx" ON "integration_outbox" USING btree ("item_id","action_at");--> statement-breakpoint
CREATE INDEX "audit_logs_record_idx" ON "audit_logs" USING btree ("record_id","created_at");