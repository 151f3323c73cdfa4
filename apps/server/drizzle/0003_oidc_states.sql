CREATE TABLE "oidc_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect" text NOT NULL,
	"invite_code" text,
	"expires_at" timestamp with time zone NOT NULL
);
