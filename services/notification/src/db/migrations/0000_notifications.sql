CREATE SCHEMA "notification";
--> statement-breakpoint
CREATE TABLE "notification"."digests" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification"."handled_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification"."notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification"."notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"project_id" bigint NOT NULL,
	"project_key" text NOT NULL,
	"board_id" bigint,
	"issue_id" bigint,
	"issue_key" text,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"actor_id" bigint NOT NULL,
	"event_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"email_due" boolean DEFAULT false NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification"."outbox" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification"."settings" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"delivery" text NOT NULL,
	CONSTRAINT "settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notification"."signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification"."watches" (
	"issue_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"watching" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watches_issue_id_user_id_pk" PRIMARY KEY("issue_id","user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_key" ON "notification"."notifications" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notification"."notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notification"."notifications" USING btree ("user_id") WHERE "notification"."notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_due_idx" ON "notification"."notifications" USING btree ("user_id","created_at") WHERE "notification"."notifications"."email_due";--> statement-breakpoint
CREATE INDEX "notifications_project_idx" ON "notification"."notifications" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "watches_project_user_idx" ON "notification"."watches" USING btree ("project_id","user_id");