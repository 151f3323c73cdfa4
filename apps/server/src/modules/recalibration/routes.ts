import { recalibrationApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { acceptRecalibration, dismissRecalibration, getRecalibration } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  route(app, recalibrationApi.get, (request) => getRecalibration(db, request.user, request.params.id));
  route(app, recalibrationApi.accept, (request) =>
    acceptRecalibration(db, request.user, request.params.id, request.body),
  );
  route(app, recalibrationApi.dismiss, (request) =>
    dismissRecalibration(db, request.user, request.params.id, request.body),
  );
}
