CREATE TYPE "public"."application_status" AS ENUM('new', 'approved', 'declined');--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matchmaker_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"status" "application_status" DEFAULT 'new' NOT NULL,
	"agency_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"city" text NOT NULL,
	"message" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"account_id" text
);
--> statement-breakpoint
ALTER TABLE "matchmaker_applications" ADD CONSTRAINT "matchmaker_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchmaker_applications" ADD CONSTRAINT "matchmaker_applications_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "matchmaker_applications_created_idx" ON "matchmaker_applications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "matchmaker_applications_one_new_key" ON "matchmaker_applications" USING btree ("email") WHERE "matchmaker_applications"."status" = 'new';