ALTER TABLE "guilds" ADD COLUMN "subscription_access_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "billing_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "billing_currency" text;--> statement-breakpoint
ALTER TABLE "guilds" ADD CONSTRAINT "guilds_billing_currency_check" CHECK ("guilds"."billing_currency" in ('BRL', 'USD'));