-- One warning per matchmaker per retention run: several clients due at once come in one digest.
ALTER TYPE "public"."notification_kind" ADD VALUE 'client_retention_digest';