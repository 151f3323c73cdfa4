ALTER TYPE "public"."notification_kind" ADD VALUE 'profile_password_attempts';--> statement-breakpoint
CREATE TABLE "known_sign_ins" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "known_sign_ins" ADD CONSTRAINT "known_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_sign_ins_user_idx" ON "known_sign_ins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "known_sign_ins_expires_idx" ON "known_sign_ins" USING btree ("expires_at");