import { INTRODUCTION_GROUP_STATUSES, IntroductionStatus, type IntroductionView } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import {
  formatMeeting,
  fromLocalInput,
  groupOf,
  linkState,
  nextStep,
  toLocalInput,
} from "./introduction-steps";

const ME = "mm-1";
const profile = (userId: string) => ({ userId, fields: { firstName: userId } });
const introduction = (over: Partial<IntroductionView>): IntroductionView => ({
  id: "i-1",
  status: "match",
  direction: "outgoing",
  ownClient: profile("olga"),
  otherClient: profile("dmitry"),
  otherAgencyName: "Other",
  otherMatchmakerId: "mm-2",
  waitingOn: [],
  date: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  ...over,
});

describe("introduction steps", () => {
  it("puts every status in exactly one tab", () => {
    for (const status of IntroductionStatus.options) {
      const groups = Object.values(INTRODUCTION_GROUP_STATUSES).filter((list) =>
        (list as readonly string[]).includes(status),
      );
      expect(groups, status).toHaveLength(1);
    }
    expect(groupOf("introduced")).toBe("active");
    expect(groupOf("dated")).toBe("dates");
    expect(groupOf("second_date")).toBe("past");
  });

  it("offers the reader's own turn, not another's", () => {
    const respond = introduction({
      status: "awaiting_response",
      waitingOn: [{ role: "matchmaker", side: "own", userId: ME, name: "Anna", action: "respond" }],
    });
    expect(nextStep(respond, ME)).toEqual({ kind: "respond" });
    expect(nextStep(respond, "someone-else")).toBeNull();

    const ask = introduction({
      waitingOn: [
        { role: "matchmaker", side: "other", userId: "mm-2", name: "James", action: "ask_client" },
        { role: "matchmaker", side: "own", userId: ME, name: "Anna", action: "ask_client" },
      ],
    });
    expect(nextStep(ask, ME)).toEqual({ kind: "ask_client", clientId: undefined, clientName: "olga" });
    // Within one agency both asks are the reader's: the step names the client to ask.
    const sameAgency = introduction({
      otherMatchmakerId: ME,
      waitingOn: [{ role: "matchmaker", side: "other", userId: ME, name: "Anna", action: "ask_client" }],
    });
    expect(nextStep(sameAgency, ME)).toEqual({
      kind: "ask_client",
      clientId: "dmitry",
      clientName: "dmitry",
    });

    const setDate = introduction({
      status: "introduced",
      waitingOn: [{ role: "matchmaker", side: "own", userId: ME, name: "Anna", action: "set_date" }],
    });
    expect(nextStep(setDate, ME)).toEqual({ kind: "set_date" });
  });

  it("offers to record the feedback of the reader's own client only", () => {
    const dated = introduction({
      status: "dated",
      waitingOn: [
        { role: "client", side: "other", userId: "dmitry", name: "Dmitry", action: "feedback" },
        { role: "client", side: "own", userId: "olga", name: "Olga", action: "feedback" },
      ],
    });
    expect(nextStep(dated, ME)).toEqual({ kind: "record_feedback", clientId: "olga", clientName: "Olga" });
    const theirsOnly = introduction({
      status: "dated",
      waitingOn: [{ role: "client", side: "other", userId: "dmitry", name: "Dmitry", action: "feedback" }],
    });
    // Contacts stay open once both said yes.
    expect(nextStep(theirsOnly, ME)).toEqual({ kind: "contacts" });
    // Both clients are the reader's when the other matchmaker is the reader too.
    expect(nextStep({ ...theirsOnly, otherMatchmakerId: ME }, ME)).toEqual({
      kind: "record_feedback",
      clientId: "dmitry",
      clientName: "Dmitry",
    });
  });

  it("offers contacts only once both said yes", () => {
    expect(nextStep(introduction({ status: "asking_clients" }), ME)).toBeNull();
    expect(nextStep(introduction({ status: "introduced" }), ME)).toEqual({ kind: "contacts" });
    expect(nextStep(introduction({ status: "declined" }), ME)).toBeNull();
  });

  it("tells a bad, used and expired link apart", () => {
    expect(linkState("", undefined)).toBe("invalid");
    expect(linkState("a-token-of-length", undefined)).toBe("ok");
    const error = (status: number, code: string) => new ApiError(status, code, { code }, code);
    expect(linkState("t".repeat(20), error(401, "INTRODUCTION_LINK_INVALID"))).toBe("invalid");
    expect(linkState("t".repeat(20), error(410, "INTRODUCTION_LINK_USED"))).toBe("used");
    expect(linkState("t".repeat(20), error(410, "INTRODUCTION_LINK_EXPIRED"))).toBe("expired");
    expect(linkState("short", error(400, "VALIDATION_ERROR"))).toBe("invalid");
    expect(linkState("t".repeat(20), error(503, "SERVICE_UNAVAILABLE"))).toBe("failed");
  });

  it("keeps a date's wall-clock time at the meeting's zone between the input and the API", () => {
    const iso = fromLocalInput("2030-06-01T19:30", "Europe/Moscow");
    expect(iso).toBe("2030-06-01T16:30:00.000Z");
    expect(toLocalInput(iso, "Europe/Moscow")).toBe("2030-06-01T19:30");
    expect(toLocalInput(iso, "Asia/Yekaterinburg")).toBe("2030-06-01T21:30");
    // Across daylight saving time: summer and winter in Berlin.
    expect(fromLocalInput("2030-07-01T19:30", "Europe/Berlin")).toBe("2030-07-01T17:30:00.000Z");
    expect(fromLocalInput("2030-01-01T19:30", "Europe/Berlin")).toBe("2030-01-01T18:30:00.000Z");
    expect(fromLocalInput("2030-06-01T19:30", "UTC")).toBe("2030-06-01T19:30:00.000Z");
    expect(fromLocalInput("", "UTC")).toBe("");
    expect(fromLocalInput("tomorrow", "UTC")).toBe("");
  });

  it("shows a meeting in a zone this browser does not know at UTC, named UTC, rather than failing", () => {
    expect(formatMeeting("2026-06-01T09:30:00.000Z", "Mars/Olympus_Mons", "en-US")).toBe(
      "01.06.2026 09:30 (UTC)",
    );
  });

  it("shows a meeting at its own clock with the zone's name, whatever the browser's zone", () => {
    expect(formatMeeting("2030-06-01T16:30:00.000Z", "Europe/Moscow", "en-US")).toBe(
      "01.06.2030 19:30 (Moscow Standard Time)",
    );
    expect(formatMeeting("2030-06-01T16:30:00.000Z", "Europe/Moscow", "ru-RU")).toBe(
      "01.06.2030 19:30 (Москва, стандартное время)",
    );
    expect(formatMeeting("2030-06-01T16:30:00.000Z", "UTC", "en-US")).toBe("01.06.2030 16:30 (UTC)");
    expect(formatMeeting("not a date", "UTC", "en-US")).toBe("");
  });
});
