CREATE TABLE "project"."invitations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project"."invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" bigint,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "project"."invitations" ADD CONSTRAINT "invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "project"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "project"."invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_key" ON "project"."invitations" USING btree ("project_id",lower("email")) WHERE "project"."invitations"."accepted_at" is null and "project"."invitations"."withdrawn_at" is null;--> statement-breakpoint
-- A published view: the open invitations by token hash, so the auth service can register someone
-- new through one (read-only; the project service stays the one writer of invitations).
CREATE VIEW "project"."invitation_directory" AS (
	SELECT "token_hash", "email", "expires_at" FROM "project"."invitations"
	WHERE "accepted_at" IS NULL AND "withdrawn_at" IS NULL
);
