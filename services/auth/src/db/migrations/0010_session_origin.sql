ALTER TABLE "auth"."sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD COLUMN "ip_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD COLUMN "method" text DEFAULT 'password' NOT NULL;