import { z } from "zod";
import { AdminUsersQuery, AdminUserView, CreateMatchmakerBody, UpdateUserBody } from "../admin.js";
import { Id, pageOf } from "../common.js";
import { endpoint } from "../endpoint.js";

const admins = ["ADMIN"] as const;
const tag = "admin";

/** The users list of an administrator (SPEC 2 /admin/users) and the matchmakers they create. */
export const adminApi = {
  listUsers: endpoint({
    method: "GET",
    path: "/api/admin/users",
    access: admins,
    tag,
    query: AdminUsersQuery,
    response: pageOf(AdminUserView),
  }),
  createMatchmaker: endpoint({
    method: "POST",
    path: "/api/admin/matchmakers",
    access: admins,
    tag,
    body: CreateMatchmakerBody,
    response: AdminUserView,
    status: 201,
  }),
  updateUser: endpoint({
    method: "PUT",
    path: "/api/admin/users/:id",
    access: admins,
    tag,
    params: z.object({ id: Id }),
    body: UpdateUserBody,
    response: AdminUserView,
  }),
};
