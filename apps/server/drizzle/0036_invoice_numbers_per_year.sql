CREATE TABLE "payment_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "payment_invoice_counters_positive" CHECK ("payment_invoice_counters"."last_number" > 0)
);
--> statement-breakpoint
-- Invoice numbers restart each year (MD-2026-000001, then MD-2027-000001): the year's counter is
-- taken by one upsert instead of the one sequence of migration 0032. Each year's counter starts
-- after the highest number that year already has.
INSERT INTO "payment_invoice_counters" ("year", "last_number")
  SELECT substr("invoice_number", 4, 4)::integer, max(substr("invoice_number", 9)::integer)
  FROM "payments" WHERE "invoice_number" ~ '^MD-[0-9]{4}-[0-9]+$'
  GROUP BY 1;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "invoice_number" DROP DEFAULT;--> statement-breakpoint
DROP FUNCTION payment_invoice_number();--> statement-breakpoint
-- `at` is the moment whose year the number carries (a test gives next year's).
CREATE FUNCTION payment_invoice_number(at timestamptz DEFAULT now()) RETURNS text LANGUAGE sql VOLATILE AS $$
  INSERT INTO "payment_invoice_counters" AS c ("year", "last_number")
  VALUES (extract(year FROM at AT TIME ZONE 'UTC')::integer, 1)
  ON CONFLICT ("year") DO UPDATE SET "last_number" = c."last_number" + 1
  RETURNING 'MD-' || c."year" || '-' || lpad(c."last_number"::text, greatest(6, length(c."last_number"::text)), '0')
$$;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "invoice_number" SET DEFAULT payment_invoice_number();--> statement-breakpoint
DROP SEQUENCE "payment_invoice_seq";
