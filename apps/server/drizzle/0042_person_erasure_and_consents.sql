ALTER TABLE "users" DROP CONSTRAINT "users_contact_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_contact_check" CHECK ("users"."email" is not null or ("users"."role" = 'INVITEE' and "users"."phone" is not null) or "users"."erased_at" is not null);--> statement-breakpoint
CREATE TABLE "client_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by" text,
	"granted_by_role" "role",
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	"withdrawn_by_role" "role",
	CONSTRAINT "client_consents_kind_check" CHECK ("client_consents"."kind" in ('shared_search', 'public_profile'))
);
--> statement-breakpoint
ALTER TABLE "client_consents" ADD CONSTRAINT "client_consents_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_consents" ADD CONSTRAINT "client_consents_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_consents" ADD CONSTRAINT "client_consents_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_consents_client_idx" ON "client_consents" USING btree ("client_id","granted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "client_consents_open_key" ON "client_consents" USING btree ("client_id","kind") WHERE "client_consents"."withdrawn_at" is null;--> statement-breakpoint
-- Consents on before the ledger: recorded as on since the account's last change, by someone unknown.
INSERT INTO "client_consents" ("id", "client_id", "kind", "granted_at")
  SELECT gen_random_uuid()::text, u.id, 'shared_search', u.updated_at FROM "users" u
   WHERE u.role = 'INVITEE' AND u.participates_in_search AND u.erased_at IS NULL;--> statement-breakpoint
INSERT INTO "client_consents" ("id", "client_id", "kind", "granted_at")
  SELECT gen_random_uuid()::text, p.user_id, 'public_profile', p.updated_at FROM "client_profiles" p
   WHERE p.access_password_hash IS NOT NULL;
