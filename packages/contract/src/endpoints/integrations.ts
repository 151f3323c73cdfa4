import { z } from "zod";
import { Id } from "../common.js";
import { endpoint } from "../endpoint.js";
import { ApiKeyList, CreateApiKeyBody, CreatedApiKey } from "../integrations.js";

const managers = ["INVITER", "ADMIN"] as const;
const tag = "integrations";

/**
 * Issue 18 (API.md "Integrations"): API keys. A key acts as its owner on every /api route with
 * `Authorization: Bearer <key>`; only its owner lists and revokes it.
 */
export const integrationsApi = {
  listApiKeys: endpoint({
    method: "GET",
    path: "/api/api-keys",
    access: managers,
    tag,
    summary: "My API keys (never their secrets)",
    response: ApiKeyList,
  }),
  createApiKey: endpoint({
    method: "POST",
    path: "/api/api-keys",
    access: managers,
    tag,
    summary: "Creates a named API key; the answer holds its secret, shown this once",
    body: CreateApiKeyBody,
    status: 201,
    response: CreatedApiKey,
  }),
  revokeApiKey: endpoint({
    method: "DELETE",
    path: "/api/api-keys/:id",
    access: managers,
    tag,
    summary: "Revokes one of my API keys: it answers 401 from then on",
    params: z.object({ id: Id }),
    response: "none",
  }),
};
