CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_single_row" CHECK ("payment_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Invoice numbers: `MD-<year>-<n>`, n from one sequence (never reused, even after a rollback), at
-- least six digits and more once it passes 999999 (lpad alone would cut it).
CREATE SEQUENCE "payment_invoice_seq";--> statement-breakpoint
CREATE FUNCTION payment_invoice_number() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'MD-' || to_char(now() AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(s.n::text, greatest(6, length(s.n::text)), '0')
  FROM (SELECT nextval('payment_invoice_seq') AS n) s
$$;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_number" text;--> statement-breakpoint
-- Requests made before numbers existed get them in the order they were made, with their own year.
WITH numbered AS (
  SELECT id, created_at, row_number() OVER (ORDER BY created_at, id) AS n FROM "payments"
)
UPDATE "payments" p SET "invoice_number" = 'MD-' || to_char(numbered.created_at AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(numbered.n::text, greatest(6, length(numbered.n::text)), '0')
FROM numbered WHERE numbered.id = p.id;--> statement-breakpoint
SELECT setval('payment_invoice_seq', (SELECT count(*) FROM "payments") + 1, false);--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "invoice_number" SET DEFAULT payment_invoice_number();--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "invoice_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_number_key" ON "payments" USING btree ("invoice_number");
