CREATE TABLE "board"."activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board"."activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"board_id" bigint NOT NULL,
	"actor_id" bigint NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board"."comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board"."comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issue_id" bigint NOT NULL,
	"parent_id" bigint,
	"author_id" bigint NOT NULL,
	"body" text NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board"."issues" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board"."issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"board_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"column_id" bigint,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"rank" text COLLATE "C" NOT NULL,
	"type" text DEFAULT 'TASK' NOT NULL,
	"priority" text DEFAULT 'MEDIUM' NOT NULL,
	"reporter_id" bigint NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"related_code" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board"."reactions" (
	"comment_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "reactions_comment_id_user_id_type_pk" PRIMARY KEY("comment_id","user_id","type")
);
--> statement-breakpoint
ALTER TABLE "board"."comments" ADD CONSTRAINT "comments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "board"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board"."comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "board"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board"."issues" ADD CONSTRAINT "issues_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "board"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board"."issues" ADD CONSTRAINT "issues_column_id_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "board"."columns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board"."reactions" ADD CONSTRAINT "reactions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "board"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_activity_project_created_idx" ON "board"."activity" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_issue_idx" ON "board"."comments" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "issues_column_rank_idx" ON "board"."issues" USING btree ("column_id","rank","id");--> statement-breakpoint
CREATE INDEX "issues_board_idx" ON "board"."issues" USING btree ("board_id");--> statement-breakpoint
CREATE VIEW "board"."activity_feed" AS (select "id", "project_id", "description", "created_at" from "board"."activity");--> statement-breakpoint
CREATE VIEW "board"."issue_directory" AS (select "id", "title", "status", "board_id", "project_id", "owner", "reporter_id", "updated_at" from "board"."issues");