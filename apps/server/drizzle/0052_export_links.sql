-- A data export names each file by a link of its own that opens it for 24 hours (issue 20).
CREATE TABLE "export_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_links" ADD CONSTRAINT "export_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_links_user_idx" ON "export_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "export_links_expiry_idx" ON "export_links" USING btree ("expires_at");