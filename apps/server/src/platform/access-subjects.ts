import type { FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The clients an `of: "reported"` route's handler touched (`reportAccessSubjects`). */
    accessSubjects: readonly string[] | null;
  }
}

/**
 * For an `of: "reported"` route: the clients this request viewed or changed, to be recorded in
 * their access log (`modules/data-rights/access-log.ts`). The handler may keep adding to the list
 * it gave until it answers.
 */
export function reportAccessSubjects(request: FastifyRequest, clientIds: readonly string[]) {
  request.accessSubjects = clientIds;
}
