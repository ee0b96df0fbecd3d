CREATE SCHEMA "gateway";
--> statement-breakpoint
CREATE TABLE "gateway"."load_failures" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message" text,
	CONSTRAINT "load_failures_remote_version_pk" PRIMARY KEY("remote","version")
);
--> statement-breakpoint
CREATE TABLE "gateway"."release_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway"."release_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"remote" text NOT NULL,
	"what" text NOT NULL,
	"from_version" text,
	"to_version" text,
	"share" integer,
	"actor_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway"."releases" (
	"remote" text PRIMARY KEY NOT NULL,
	"current" text NOT NULL,
	"canary" text,
	"canary_share" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
