CREATE TABLE "auth"."verification_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth"."verification_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."verification_tokens" ADD CONSTRAINT "verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_tokens_hash_key" ON "auth"."verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "verification_tokens_user_idx" ON "auth"."verification_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE VIEW "auth"."live_sessions" AS (select "auth"."sessions"."id" as "session_id", "auth"."users"."id" as "user_id", "auth"."users"."status", "auth"."users"."role", "auth"."users"."is_admin" from "auth"."sessions" inner join "auth"."users" on "auth"."users"."id" = "auth"."sessions"."user_id" where ("auth"."sessions"."revoked_at" is null and "auth"."sessions"."expires_at" > now()));