CREATE TYPE "public"."recalibration_action" AS ENUM('accepted', 'dismissed');--> statement-breakpoint
CREATE TABLE "client_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"created_by" text,
	"introductions_promised" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"price" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"paused_from" date,
	"paused_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_packages_promised_check" CHECK ("client_packages"."introductions_promised" between 1 and 1000),
	CONSTRAINT "client_packages_price_check" CHECK ("client_packages"."price" >= 0),
	CONSTRAINT "client_packages_period_check" CHECK ("client_packages"."ends_on" >= "client_packages"."starts_on"),
	CONSTRAINT "client_packages_pause_check" CHECK (("client_packages"."paused_from" is null and "client_packages"."paused_until" is null) or ("client_packages"."paused_until" > "client_packages"."paused_from" and "client_packages"."paused_until" - "client_packages"."paused_from" <= 90))
);
--> statement-breakpoint
CREATE TABLE "recalibrations" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"action" "recalibration_action" NOT NULL,
	"changes" jsonb NOT NULL,
	"declines" integer NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalibrations" ADD CONSTRAINT "recalibrations_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalibrations" ADD CONSTRAINT "recalibrations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_packages_client_idx" ON "client_packages" USING btree ("client_id","ends_on");--> statement-breakpoint
CREATE INDEX "client_packages_ends_idx" ON "client_packages" USING btree ("ends_on");--> statement-breakpoint
CREATE INDEX "recalibrations_client_idx" ON "recalibrations" USING btree ("client_id","created_at" DESC NULLS LAST);