-- Issue 17, item 11: a client known by phone only. Phones are kept as E.164 (the contract's
-- `normalizePhone` writes them so); the stored ones are brought to it here where the form is
-- certain: a Russian number written with 8, 7 or without a prefix, or any number written with
-- its "+" country code. Anything else stays as written (its digits still find it, below).
UPDATE "users" u SET "phone" = n.normalized
  FROM (
    SELECT "id",
      CASE
        WHEN btrim("phone") = '' THEN NULL
        WHEN btrim("phone") !~ '^[+0-9 ().-]+$' THEN "phone"
        WHEN btrim("phone") LIKE '+%' AND length(d) BETWEEN 8 AND 15 THEN '+' || d
        WHEN d ~ '^[78][0-9]{10}$' THEN '+7' || substr(d, 2)
        WHEN d ~ '^9[0-9]{9}$' THEN '+7' || d
        ELSE "phone"
      END AS normalized
    FROM (SELECT "id", "phone", regexp_replace("phone", '[^0-9]', '', 'g') AS d
          FROM "users" WHERE "phone" IS NOT NULL) p
  ) n
  WHERE u."id" = n."id" AND u."phone" IS DISTINCT FROM n.normalized;
--> statement-breakpoint
-- The client list's search text also holds the phone's bare digits, so "+7 912 000-00-00",
-- "89120000000" and "9120000000" (normalized by the query side) all meet the stored number.
CREATE OR REPLACE FUNCTION md_client_search_text(first_name text, last_name text, email text, phone text, city text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', first_name, last_name, email, phone,
    nullif(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), ''), city)
$$;
--> statement-breakpoint
UPDATE "users" u
  SET "search_text" = md_client_search_text(u."first_name", u."last_name", u."email", u."phone",
    (SELECT cp."city" FROM "client_profiles" cp WHERE cp."user_id" = u."id"));
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;
--> statement-breakpoint
-- Staff sign in by e-mail; a client needs an e-mail or a phone.
ALTER TABLE "users" ADD CONSTRAINT "users_contact_check" CHECK ("users"."email" is not null or ("users"."role" = 'INVITEE' and "users"."phone" is not null));
