ALTER TABLE "guilds" ADD COLUMN "public_show_notes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "public_show_counters" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "public_queue_mode" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "public_queue_first" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "public_show_attendance" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_public_queue_mode_check" CHECK ("guilds"."public_queue_mode" in ('full', 'first', 'own'));--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_public_queue_first_check" CHECK ("guilds"."public_queue_first" between 1 and 100);