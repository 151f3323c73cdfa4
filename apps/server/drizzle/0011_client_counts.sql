CREATE TABLE "client_counts" (
	"inviter_id" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_counts" ADD CONSTRAINT "client_counts_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;