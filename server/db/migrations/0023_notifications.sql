ALTER TABLE "integration_outbox" DROP CONSTRAINT "integration_outbox_event_check";--> statement-breakpoint
ALTER TABLE "integration_outbox" ALTER COLUMN "integration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "integration_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "integration_outbox" ADD CONSTRAINT "integration_outbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_outbox_dedupe_idx" ON "integration_outbox" USING btree ("user_id","dedupe_key") WHERE "integration_outbox"."dedupe_key" is not null;--> statement-breakpoint
ALTER TABLE "integration_outbox" ADD CONSTRAINT "integration_outbox_target_check" CHECK (("integration_outbox"."integration_id" is null) <> ("integration_outbox"."user_id" is null));--> statement-breakpoint
ALTER TABLE "integration_outbox" ADD CONSTRAINT "integration_outbox_event_check" CHECK ("integration_outbox"."event" in ('awards', 'absences', 'queue', 'subscription', 'raid_nights', 'night_awards', 'notify_email', 'notify_events', 'notify_loot'));