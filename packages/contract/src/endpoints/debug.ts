import { MemoryView } from "../common.js";
import { endpoint } from "../endpoint.js";

/** Development only: the server does not register these in production. */
export const debugApi = {
  memory: endpoint({
    method: "GET",
    path: "/api/debug/memory",
    access: ["ADMIN", "INVITER"],
    tag: "meta",
    response: MemoryView,
  }),
};
