DROP INDEX "agency_rating_idx";--> statement-breakpoint
DROP INDEX "agency_place_idx";--> statement-breakpoint
DROP INDEX "agency_name_trgm_idx";--> statement-breakpoint
DROP INDEX "agency_search_fts_idx";--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "agency_directory_order_idx" ON "agency_profiles" USING btree ("rating_overall" DESC NULLS LAST,"agency_name","user_id") WHERE "agency_profiles"."listed";--> statement-breakpoint
CREATE INDEX "agency_directory_country_idx" ON "agency_profiles" USING btree ("country","rating_overall" DESC NULLS LAST,"agency_name","user_id") WHERE "agency_profiles"."listed";--> statement-breakpoint
CREATE INDEX "agency_name_trgm_idx" ON "agency_profiles" USING gin ("name_text" gin_trgm_ops) WITH (fastupdate=off) WHERE "agency_profiles"."listed";--> statement-breakpoint
CREATE INDEX "agency_search_fts_idx" ON "agency_profiles" USING gin ("search_vector") WITH (fastupdate=off) WHERE "agency_profiles"."listed";