DROP INDEX "player_queues_item_position_idx";--> statement-breakpoint
DROP INDEX "queue_undo_item_idx";--> statement-breakpoint
ALTER TABLE "player_queues" ALTER COLUMN "queue_position" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "queue_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "queue_sorted_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "queue_sorted_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "player_queues_item_not_interested_idx" ON "player_queues" USING btree ("item_id","queue_position") WHERE attendance_status = 'not_interested';--> statement-breakpoint
CREATE INDEX "player_queues_item_done_idx" ON "player_queues" USING btree ("item_id","queue_position") WHERE attendance_status in ('received', 'absent');--> statement-breakpoint
CREATE INDEX "player_queues_item_penalty_idx" ON "player_queues" USING btree ("item_id","penalty_until") WHERE penalty_until is not null and attendance_status <> 'not_interested';--> statement-breakpoint
CREATE UNIQUE INDEX "queue_undo_item_unique" ON "queue_undo" USING btree ("item_id");