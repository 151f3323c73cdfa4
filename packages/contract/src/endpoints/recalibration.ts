import { z } from "zod";
import { Id } from "../common.js";
import { endpoint } from "../endpoint.js";
import { AcceptRecalibrationBody, DismissRecalibrationBody, RecalibrationView } from "../recalibration.js";

const managers = ["INVITER", "ADMIN"] as const;
const tag = "recalibration";
const params = z.object({ id: Id });

/**
 * A client's declines by reason over their recent introductions and, after repeated declines,
 * proposed preference changes (API.md "Introductions after the match"). The client's matchmaker
 * or an admin; another matchmaker's client is not found.
 */
export const recalibrationApi = {
  get: endpoint({
    method: "GET",
    path: "/api/clients/:id/recalibration",
    audit: { action: "view", param: "id" },
    access: managers,
    tag,
    params,
    response: RecalibrationView,
  }),
  /** Applies the proposal's changes (or the chosen ones) to the client's preferences and records it. */
  accept: endpoint({
    method: "POST",
    path: "/api/clients/:id/recalibration/accept",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params,
    body: AcceptRecalibrationBody,
    response: RecalibrationView,
  }),
  /** Hides the proposal until the client's next decline, and records it. */
  dismiss: endpoint({
    method: "POST",
    path: "/api/clients/:id/recalibration/dismiss",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params,
    body: DismissRecalibrationBody,
    response: RecalibrationView,
  }),
};
