CREATE TABLE "ended_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ended_sessions_reason_check" CHECK ("ended_sessions"."reason" in ('password-changed', 'signed-out', 'account-deleted', 'guild-deleted', 'removed', 'deactivated'))
);
--> statement-breakpoint
CREATE INDEX "ended_sessions_ended_at_idx" ON "ended_sessions" USING btree ("ended_at");