CREATE TABLE "raid_night_attendance" (
	"raid_night_id" uuid NOT NULL,
	"guild_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raid_night_attendance_raid_night_id_player_id_pk" PRIMARY KEY("raid_night_id","player_id"),
	CONSTRAINT "raid_night_attendance_status_check" CHECK ("raid_night_attendance"."status" in ('present', 'late', 'bench', 'excused', 'no_show'))
);
--> statement-breakpoint
CREATE TABLE "raid_nights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guild_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"start_announced_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raid_nights_status_check" CHECK ("raid_nights"."status" in ('active', 'completed', 'archived', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "no_show_rule" text DEFAULT 'keep' NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "loot_history" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "raid_night_attendance" ADD CONSTRAINT "raid_night_attendance_raid_night_id_raid_nights_id_fk" FOREIGN KEY ("raid_night_id") REFERENCES "public"."raid_nights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_night_attendance" ADD CONSTRAINT "raid_night_attendance_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_night_attendance" ADD CONSTRAINT "raid_night_attendance_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_nights" ADD CONSTRAINT "raid_nights_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_nights" ADD CONSTRAINT "raid_nights_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raid_night_attendance_player_idx" ON "raid_night_attendance" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "raid_night_attendance_guild_idx" ON "raid_night_attendance" USING btree ("guild_id");--> statement-breakpoint
CREATE INDEX "raid_nights_guild_starts_idx" ON "raid_nights" USING btree ("guild_id","starts_at");--> statement-breakpoint
CREATE INDEX "raid_nights_guild_active_idx" ON "raid_nights" USING btree ("guild_id","starts_at") WHERE status = 'active';--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_event_id_raid_nights_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."raid_nights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loot_history" ADD CONSTRAINT "loot_history_event_id_raid_nights_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."raid_nights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_event_idx" ON "audit_logs" USING btree ("event_id","created_at") WHERE event_id is not null;--> statement-breakpoint
CREATE INDEX "loot_history_event_idx" ON "loot_history" USING btree ("event_id","distributed_at") WHERE event_id is not null;--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_no_show_rule_check" CHECK ("guilds"."no_show_rule" in ('keep', 'absent'));