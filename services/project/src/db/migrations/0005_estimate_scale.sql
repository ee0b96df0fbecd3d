ALTER TABLE "project"."projects" ADD COLUMN "estimate_scale" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "project"."projects" ADD CONSTRAINT "projects_estimate_scale_check" CHECK ("project"."projects"."estimate_scale" in ('none', 'points', 'tshirt'));--> statement-breakpoint
-- The published directory says each project's estimate scale, so the board service checks an
-- issue's estimate against it and tells the board whether to show estimates. New columns go
-- last (OR REPLACE).
CREATE OR REPLACE VIEW "project"."project_directory" AS (
	SELECT "id", "key"::text AS "key", "name", "archived_at" IS NOT NULL AS "archived", "estimate_scale"
	FROM "project"."projects"
);
