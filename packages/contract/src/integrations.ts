import { z } from "zod";
import { Id } from "./common.js";

// Issue 18, API.md "Integrations": API keys for the caller's own tools.

const Time = z.iso.datetime();

/** What every key's secret starts with, so a leaked one is recognised (secret scanners, logs). */
export const API_KEY_PREFIX = "mdk_";
/** How many live keys one person may hold. */
export const API_KEYS_MAX = 20;

export const INTEGRATION_ERRORS = [
  /** The caller already holds API_KEYS_MAX live keys. */
  "API_KEY_LIMIT",
] as const;

export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1).max(80),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** A key as its owner sees it later: never the secret, only its last four characters. */
export const ApiKeyView = z.object({
  id: Id,
  name: z.string(),
  /** `mdk_…abcd`: enough to tell keys apart, not enough to use one. */
  hint: z.string(),
  createdAt: Time,
  lastUsedAt: Time.nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const ApiKeyList = z.object({ items: z.array(ApiKeyView) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The answer to a creation: the key and, this once, its secret. */
export const CreatedApiKey = ApiKeyView.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
