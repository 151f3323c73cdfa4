ALTER TABLE "client_access_log" ALTER COLUMN "actor_role" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "client_access_log" ADD COLUMN "actor_kind" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_access_log" ADD COLUMN "api_key_id" text;--> statement-breakpoint
ALTER TABLE "client_access_log" ADD COLUMN "api_key_name" text;--> statement-breakpoint
ALTER TABLE "client_access_log" ADD CONSTRAINT "client_access_log_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_access_log" ADD CONSTRAINT "client_access_log_actor_kind_check" CHECK ("client_access_log"."actor_kind" in ('person', 'api_key', 'link') and ("client_access_log"."actor_kind" = 'link') = ("client_access_log"."actor_role" is null));