CREATE TABLE "auth"."registration_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"invited_need_approval" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_settings_one_row" CHECK ("auth"."registration_settings"."id" = 1)
);
--> statement-breakpoint
-- Its one row, so reading and changing it never has to make it first.
INSERT INTO "auth"."registration_settings" ("id") VALUES (1);
