import { z } from "zod";
import {
  CreatePackageBody,
  PackageParams,
  PackagesOverview,
  PackagesOverviewQuery,
  PackagesView,
  PackageView,
  PausePackageBody,
} from "../client-packages.js";
import { Id } from "../common.js";
import { endpoint } from "../endpoint.js";

const managers = ["INVITER", "ADMIN"] as const;
const tag = "packages";

/**
 * Client packages (API.md "Introductions after the match"): a matchmaker records what a client
 * bought and sees what was delivered; the client sees their own progress.
 */
export const clientPackagesApi = {
  list: endpoint({
    method: "GET",
    path: "/api/clients/:id/packages",
    audit: { action: "view", param: "id" },
    access: managers,
    tag,
    params: z.object({ id: Id }),
    response: PackagesView,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/clients/:id/packages",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params: z.object({ id: Id }),
    body: CreatePackageBody,
    response: PackageView,
    status: 201,
  }),
  pause: endpoint({
    method: "POST",
    path: "/api/clients/:id/packages/:packageId/pause",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params: PackageParams,
    body: PausePackageBody,
    response: PackageView,
  }),
  overview: endpoint({
    method: "GET",
    path: "/api/packages/overview",
    audit: { action: "view", of: "reported" },
    access: managers,
    tag,
    query: PackagesOverviewQuery,
    response: PackagesOverview,
  }),
  mine: endpoint({
    method: "GET",
    path: "/api/me/packages",
    access: ["INVITEE"],
    tag,
    response: PackagesView,
  }),
};
