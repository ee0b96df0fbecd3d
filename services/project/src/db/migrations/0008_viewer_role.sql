ALTER TABLE "project"."members" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "project"."projects" ADD COLUMN "viewers_may_comment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "project"."members" ADD CONSTRAINT "members_role_check" CHECK ("project"."members"."role" in ('member', 'viewer'));--> statement-breakpoint
-- The published views say who is a viewer and whether a project's viewers may comment, so the
-- board service refuses a viewer's changes in the statement that reads the caller's membership.
-- The lead is never a viewer. New columns go last (OR REPLACE).
CREATE OR REPLACE VIEW "project"."memberships" AS (
	SELECT "project"."members"."project_id", "project"."members"."user_id",
		"project"."projects"."lead_id" = "project"."members"."user_id" AS "is_lead",
		"project"."projects"."key" AS "project_key",
		"project"."members"."role" = 'viewer' AND "project"."projects"."lead_id" <> "project"."members"."user_id" AS "is_viewer"
	FROM "project"."members" INNER JOIN "project"."projects" ON "project"."projects"."id" = "project"."members"."project_id"
);--> statement-breakpoint
CREATE OR REPLACE VIEW "project"."project_directory" AS (
	SELECT "id", "key"::text AS "key", "name", "archived_at" IS NOT NULL AS "archived", "estimate_scale", "viewers_may_comment"
	FROM "project"."projects"
);
