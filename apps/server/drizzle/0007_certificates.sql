CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_profile_user_id_users_id_fk" FOREIGN KEY ("profile_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_profile_idx" ON "certificates" USING btree ("profile_user_id","created_at");