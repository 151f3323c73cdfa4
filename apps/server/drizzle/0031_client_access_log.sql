CREATE TABLE "client_access_log" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"actor_id" text,
	"actor_role" "role" NOT NULL,
	"action" text NOT NULL,
	"what" text NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_access_log_action_check" CHECK ("client_access_log"."action" in ('view', 'change'))
);
--> statement-breakpoint
ALTER TABLE "client_access_log" ADD CONSTRAINT "client_access_log_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_access_log" ADD CONSTRAINT "client_access_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_access_log_client_idx" ON "client_access_log" USING btree ("client_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "client_access_log_at_idx" ON "client_access_log" USING btree ("at");