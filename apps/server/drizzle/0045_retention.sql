ALTER TYPE "public"."notification_kind" ADD VALUE 'client_retention_warning';--> statement-breakpoint
CREATE TABLE "client_retention" (
	"client_id" text PRIMARY KEY NOT NULL,
	"keep" boolean DEFAULT false NOT NULL,
	"warned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_settings" (
	"matchmaker_id" text PRIMARY KEY NOT NULL,
	"months" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_settings_months_check" CHECK ("retention_settings"."months" in (12, 24, 36))
);
--> statement-breakpoint
ALTER TABLE "client_retention" ADD CONSTRAINT "client_retention_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_settings" ADD CONSTRAINT "retention_settings_matchmaker_id_users_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_retention_warned_idx" ON "client_retention" USING btree ("warned_at");