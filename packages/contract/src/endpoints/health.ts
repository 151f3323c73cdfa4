import { HealthView } from "../common.js";
import { endpoint } from "../endpoint.js";

/** Whether the server and its database answer: 200 when both do, 503 (same shape) when the database is down. */
export const healthApi = {
  get: endpoint({
    method: "GET",
    path: "/api/health",
    access: "public",
    tag: "meta",
    response: { 200: HealthView, 503: HealthView },
  }),
};
