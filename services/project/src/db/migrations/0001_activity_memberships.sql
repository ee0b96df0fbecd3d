CREATE TABLE "project"."activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project"."activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"actor_id" bigint NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project"."activity" ADD CONSTRAINT "activity_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "project"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_project_created_idx" ON "project"."activity" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE VIEW "project"."memberships" AS (select "project"."members"."project_id", "project"."members"."user_id", "project"."projects"."lead_id" = "project"."members"."user_id" as "is_lead", "project"."projects"."key" as "project_key" from "project"."members" inner join "project"."projects" on "project"."projects"."id" = "project"."members"."project_id");