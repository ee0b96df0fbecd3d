CREATE TABLE "board"."issue_relations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board"."issue_relations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issue_id" bigint NOT NULL,
	"related_id" bigint NOT NULL,
	"type" text NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_relations_not_self" CHECK ("board"."issue_relations"."issue_id" <> "board"."issue_relations"."related_id")
);
--> statement-breakpoint
ALTER TABLE "board"."issues" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "board"."issue_relations" ADD CONSTRAINT "issue_relations_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "board"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board"."issue_relations" ADD CONSTRAINT "issue_relations_related_id_issues_id_fk" FOREIGN KEY ("related_id") REFERENCES "board"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issue_relations_pair_idx" ON "board"."issue_relations" USING btree ("issue_id","related_id","type");--> statement-breakpoint
CREATE INDEX "issue_relations_related_idx" ON "board"."issue_relations" USING btree ("related_id");--> statement-breakpoint
ALTER TABLE "board"."issues" ADD CONSTRAINT "issues_parent_id_issues_id_fk" FOREIGN KEY ("parent_id") REFERENCES "board"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issues_parent_idx" ON "board"."issues" USING btree ("parent_id") WHERE "board"."issues"."parent_id" is not null;