ALTER TYPE "public"."email_token_purpose" ADD VALUE 'edit_profile';--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "display_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "access_password_hash" text;