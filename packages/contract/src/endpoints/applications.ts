import { z } from "zod";
import {
  ApplicationsQuery,
  ApplicationView,
  ApplyBody,
  ContactBody,
  ContactMessageView,
} from "../applications.js";
import { Id, PageQuery, pageOf } from "../common.js";
import { endpoint } from "../endpoint.js";
import { ReceivedView } from "../marketplace.js";

const admins = ["ADMIN"] as const;
const tag = "applications";
const params = z.object({ id: Id });

/** "Apply as a matchmaker" and the contact form (public), and the admins' inbox of both. */
export const applicationsApi = {
  apply: endpoint({
    method: "POST",
    path: "/api/applications",
    access: "public",
    tag,
    body: ApplyBody,
    response: ReceivedView,
    status: 202,
  }),
  contact: endpoint({
    method: "POST",
    path: "/api/contact",
    access: "public",
    tag,
    body: ContactBody,
    response: ReceivedView,
    status: 202,
  }),
  list: endpoint({
    method: "GET",
    path: "/api/admin/applications",
    access: admins,
    tag,
    query: ApplicationsQuery,
    response: pageOf(ApplicationView),
  }),
  approve: endpoint({
    method: "POST",
    path: "/api/admin/applications/:id/approve",
    access: admins,
    tag,
    params,
    response: ApplicationView,
  }),
  decline: endpoint({
    method: "POST",
    path: "/api/admin/applications/:id/decline",
    access: admins,
    tag,
    params,
    response: ApplicationView,
  }),
  contactMessages: endpoint({
    method: "GET",
    path: "/api/admin/contact-messages",
    access: admins,
    tag,
    query: PageQuery,
    response: pageOf(ContactMessageView),
  }),
};
