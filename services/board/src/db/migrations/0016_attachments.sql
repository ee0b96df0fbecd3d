CREATE TABLE "board"."attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board"."attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issue_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"uploader_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"image" boolean DEFAULT false NOT NULL,
	"width" integer,
	"height" integer,
	"thumbnail" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board"."file_removals" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board"."service_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board"."issues" ADD COLUMN "attachment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "board"."issues" ADD COLUMN "cover_attachment_id" bigint;--> statement-breakpoint
ALTER TABLE "board"."attachments" ADD CONSTRAINT "attachments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "board"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_issue_idx" ON "board"."attachments" USING btree ("issue_id","id");--> statement-breakpoint
CREATE INDEX "attachments_project_idx" ON "board"."attachments" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "board"."issues" ADD CONSTRAINT "issues_cover_attachment_id_attachments_id_fk" FOREIGN KEY ("cover_attachment_id") REFERENCES "board"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every attachment row deleted, by whatever path (its own delete, an issue's purge, a board's or
-- project's removal through the cascades), leaves its stored files to remove, in the same
-- transaction: the sweeper (domain/attachments/file-removals.ts) removes them after commit.
CREATE FUNCTION "board"."attachment_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "board"."file_removals" ("storage_key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attachments_file_removal" AFTER DELETE ON "board"."attachments"
  FOR EACH ROW EXECUTE FUNCTION "board"."attachment_deleted"();
