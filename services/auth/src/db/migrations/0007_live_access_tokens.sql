-- Custom SQL migration: the view auth publishes for personal access tokens (issue 17), and the
-- one function other services may call to note a token's use (they never write auth's tables).
-- Expiry is compared with now() here, as live_sessions does, so every service agrees on it.
CREATE VIEW "auth"."live_access_tokens" AS (
  select t."token_hash", t."id" as "token_id", u."id" as "user_id", u."email", u."status", u."role", u."is_admin",
    (t."last_used_at" is null or t."last_used_at" < now() - interval '1 minute') as "touch_due"
  from "auth"."access_tokens" t
  inner join "auth"."users" u on u."id" = t."user_id"
  where t."revoked_at" is null and (t."expires_at" is null or t."expires_at" > now())
);
--> statement-breakpoint
-- At most one write a minute per token: a script calling the API in a loop costs no write per request.
CREATE FUNCTION "auth"."touch_access_token"(token_id bigint) RETURNS void LANGUAGE sql AS $$
  update "auth"."access_tokens" set "last_used_at" = now()
  where "id" = token_id and ("last_used_at" is null or "last_used_at" < now() - interval '1 minute')
$$;
