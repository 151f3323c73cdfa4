CREATE TYPE "public"."currency" AS ENUM('USD', 'EUR', 'RUB', 'GBP', 'AED', 'KZT');--> statement-breakpoint
CREATE TYPE "public"."matchmaker_experience" AS ENUM('LESS_THAN_1_YEAR', 'ONE_TO_3_YEARS', 'THREE_TO_5_YEARS', 'FIVE_TO_7_YEARS', 'MORE_THAN_7_YEARS');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "agency_leads" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_user_id" text NOT NULL,
	"client_user_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_views" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_user_id" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"source" text NOT NULL,
	"country" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_ratings" (
	"rater_user_id" text NOT NULL,
	"agency_user_id" text NOT NULL,
	"trust" smallint NOT NULL,
	"friendliness" smallint NOT NULL,
	"speed" smallint NOT NULL,
	"result_per_cost" smallint NOT NULL,
	"overall" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_ratings_rater_user_id_agency_user_id_pk" PRIMARY KEY("rater_user_id","agency_user_id"),
	CONSTRAINT "agency_ratings_range" CHECK ("agency_ratings"."trust" between 1 and 5 and "agency_ratings"."friendliness" between 1 and 5 and "agency_ratings"."speed" between 1 and 5 and "agency_ratings"."result_per_cost" between 1 and 5 and "agency_ratings"."overall" between 1 and 5),
	CONSTRAINT "agency_ratings_not_own" CHECK ("agency_ratings"."rater_user_id" <> "agency_ratings"."agency_user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_user_id" text NOT NULL,
	"from_agency_user_id" text,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"text" text NOT NULL,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "contact_first_name" text;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "contact_last_name" text;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "services" text;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "awards" text;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "currency" "currency" DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "introduction_price" integer;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "turnkey_price" integer;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "introduction_fee" integer;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "pay_for_introduction" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "client_to_client_contract" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "accepts_free_clients" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "experience" "matchmaker_experience";--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "client_base_size" integer;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "successful_cases" integer;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "rating_overall" double precision;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "name_text" text GENERATED ALWAYS AS (lower("agency_profiles"."agency_name" || ' ' || "agency_profiles"."login" || ' ' || coalesce("agency_profiles"."city", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "agency_profiles"."agency_name" || ' ' || "agency_profiles"."login" || ' ' || coalesce("agency_profiles"."city", '') || ' ' || coalesce("agency_profiles"."services", '') || ' ' || coalesce("agency_profiles"."about", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_leads" ADD CONSTRAINT "agency_leads_agency_user_id_users_id_fk" FOREIGN KEY ("agency_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_leads" ADD CONSTRAINT "agency_leads_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_profile_user_id_users_id_fk" FOREIGN KEY ("profile_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_ratings" ADD CONSTRAINT "agency_ratings_rater_user_id_users_id_fk" FOREIGN KEY ("rater_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_ratings" ADD CONSTRAINT "agency_ratings_agency_user_id_users_id_fk" FOREIGN KEY ("agency_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_agency_user_id_users_id_fk" FOREIGN KEY ("agency_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_from_agency_user_id_users_id_fk" FOREIGN KEY ("from_agency_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_leads_agency_idx" ON "agency_leads" USING btree ("agency_user_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_views_profile_idx" ON "profile_views" USING btree ("profile_user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "agency_ratings_agency_idx" ON "agency_ratings" USING btree ("agency_user_id");--> statement-breakpoint
CREATE INDEX "reviews_agency_idx" ON "reviews" USING btree ("agency_user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agency_name_trgm_idx" ON "agency_profiles" USING gin ("name_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "agency_search_fts_idx" ON "agency_profiles" USING gin ("search_vector") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "agency_rating_idx" ON "agency_profiles" USING btree ("rating_overall" DESC NULLS LAST,"agency_name");--> statement-breakpoint
CREATE INDEX "agency_place_idx" ON "agency_profiles" USING btree ("country","city");--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD CONSTRAINT "agency_amounts_not_negative" CHECK (coalesce("agency_profiles"."introduction_price", 0) >= 0 and coalesce("agency_profiles"."turnkey_price", 0) >= 0 and coalesce("agency_profiles"."introduction_fee", 0) >= 0 and coalesce("agency_profiles"."client_base_size", 0) >= 0 and coalesce("agency_profiles"."successful_cases", 0) >= 0);