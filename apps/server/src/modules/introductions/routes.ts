import { introductionsApi, matchingApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { reportAccessSubjects } from "../../platform/access-subjects.js";
import { route, typedResponse } from "../../platform/route.js";
import {
  answerAsClient,
  answerByLink,
  askClient,
  consentLedger,
  contactsFor,
  linkView,
  myIntroductions,
  settingsOf,
  updateSettings,
} from "./consent.js";
import { feedbackAsClient, feedbackByLink, recordFeedback, respondToDate, setDate } from "./dates.js";
import { actOnIntroduction, getIntroduction, listIntroductions, proposeIntroduction } from "./lifecycle.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, matchingApi.proposeIntroduction, (request) =>
    proposeIntroduction(deps, request.user, request.body),
  );
  // The workspace's list is the hot read (issue 14's bench): its views are typed, not re-parsed.
  route(
    app,
    matchingApi.introductions,
    async (request) => {
      const page = await listIntroductions(deps.db, request.user, request.query);
      reportAccessSubjects(
        request,
        page.items.flatMap((i) => [i.ownClient.userId, i.otherClient.userId]),
      );
      return page;
    },
    typedResponse,
  );
  route(app, matchingApi.actOnIntroduction, (request) =>
    actOnIntroduction(deps, request.user, request.params.id, request.params.action),
  );
  route(app, introductionsApi.settings, (request) => settingsOf(deps.db, request.user.id));
  route(app, introductionsApi.updateSettings, (request) =>
    updateSettings(deps.db, request.user, request.body),
  );
  route(app, introductionsApi.introduction, (request) =>
    getIntroduction(deps.db, request.user, request.params.id),
  );
  route(app, introductionsApi.askClient, (request) =>
    askClient(deps, request.user, request.params.id, request.body),
  );
  route(app, introductionsApi.publicQuestion, (request) =>
    linkView(deps.db, request.params.id, request.query.token, "answer"),
  );
  route(app, introductionsApi.publicAnswer, (request) =>
    answerByLink(deps, request.params.id, request.query.token, request.body),
  );
  route(app, introductionsApi.myIntroductions, (request) => myIntroductions(deps.db, request.user));
  route(app, introductionsApi.myAnswer, (request) =>
    answerAsClient(deps, request.user, request.params.id, request.body),
  );
  route(app, introductionsApi.contacts, (request) => contactsFor(deps.db, request.user, request.params.id));
  route(app, introductionsApi.consentLedger, (request) =>
    consentLedger(deps.db, request.user, request.params.id),
  );
  route(app, introductionsApi.setDate, (request) =>
    setDate(deps, request.user, request.params.id, request.body),
  );
  route(app, introductionsApi.myDateResponse, (request) =>
    respondToDate(deps, request.user, request.params.id, request.body),
  );
  route(app, introductionsApi.publicFeedbackForm, (request) =>
    linkView(deps.db, request.params.id, request.query.token, "feedback"),
  );
  route(app, introductionsApi.publicFeedback, (request) =>
    feedbackByLink(deps, request.params.id, request.query.token, request.body),
  );
  route(app, introductionsApi.myFeedback, (request) =>
    feedbackAsClient(deps, request.user, request.params.id, request.body),
  );
  route(app, introductionsApi.recordFeedback, (request) =>
    recordFeedback(deps, request.user, request.params.id, request.body),
  );
}
