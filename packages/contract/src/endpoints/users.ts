import { endpoint } from "../endpoint.js";
import { UserView } from "../users.js";

export const usersApi = {
  me: endpoint({
    method: "GET",
    path: "/api/users/me",
    access: ["ADMIN", "INVITER", "INVITEE"],
    tag: "users",
    response: UserView,
  }),
};
