CREATE SCHEMA "admin";
--> statement-breakpoint
CREATE TABLE "admin"."moderation_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin"."moderation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"actor_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "moderation_log_user_idx" ON "admin"."moderation_log" USING btree ("user_id");