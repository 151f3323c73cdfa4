ALTER TABLE "users" DROP CONSTRAINT "users_contact_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_contact_check" CHECK ("users"."email" is not null or ("users"."role" = 'INVITEE' and "users"."phone" is not null) or "users"."erased_at" is not null);