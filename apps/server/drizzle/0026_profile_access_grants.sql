CREATE TABLE "profile_access_grants" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"profile_user_id" text NOT NULL,
	"password_fingerprint" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_access_grants" ADD CONSTRAINT "profile_access_grants_profile_user_id_users_id_fk" FOREIGN KEY ("profile_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_access_grants_profile_idx" ON "profile_access_grants" USING btree ("profile_user_id");--> statement-breakpoint
CREATE INDEX "profile_access_grants_expires_idx" ON "profile_access_grants" USING btree ("expires_at");