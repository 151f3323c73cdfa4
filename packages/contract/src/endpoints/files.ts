import { z } from "zod";
import { endpoint } from "../endpoint.js";

/**
 * Uploaded files by key (`folder/name`). Keys are random capabilities handed only to callers
 * allowed to see the record, so the route is public; the answer is the file itself.
 */
export const filesApi = {
  get: endpoint({
    method: "GET",
    path: "/api/files/:folder/:name",
    access: "public",
    tag: "files",
    params: z.object({ folder: z.string().max(20), name: z.string().max(100) }),
    response: "file",
  }),
};
