import {
  INTRODUCTION_GROUP_STATUSES,
  type IntroductionGroup,
  type IntroductionStatus,
  type IntroductionView,
} from "@matchdesk/contract";
import { ApiError } from "../../lib/api";

export const STATE_COLOR: Record<IntroductionStatus, string> = {
  awaiting_response: "yellow",
  match: "teal",
  asking_clients: "yellow",
  introduced: "teal",
  date_planned: "blue",
  dated: "blue",
  second_date: "grape",
  ended: "gray",
  declined: "red",
  expired: "gray",
  rejected: "red",
  cancelled: "gray",
};

export const GROUPS: readonly IntroductionGroup[] = ["active", "dates", "past"];

export function groupOf(status: IntroductionStatus): IntroductionGroup {
  return GROUPS.find((group) => (INTRODUCTION_GROUP_STATUSES[group] as readonly string[]).includes(status))!;
}

/** Once both clients said yes, each side may see the other's contacts, to the end. */
export function hasContacts(status: IntroductionStatus): boolean {
  return ["introduced", "date_planned", "dated", "second_date", "ended"].includes(status);
}

/** A cancel is possible until the introduction is settled. */
export function isCancellable(status: IntroductionStatus): boolean {
  return groupOf(status) !== "past";
}

/** What the reader of a card may do next: at most one primary step. */
export type NextStep =
  | { kind: "respond" }
  /** `clientId` only when both clients are the reader's (one agency): which one to ask. */
  | { kind: "ask_client"; clientId: string | undefined; clientName: string }
  | { kind: "set_date" }
  | { kind: "record_feedback"; clientId: string; clientName: string }
  | { kind: "contacts" };

/**
 * The one step the card offers as its button: the reader's own turn (answer the proposal, ask
 * their client, set the date), else their client's feedback to record after a call, else the
 * contacts once both said yes. Another person's turn is shown, not offered.
 */
export function nextStep(introduction: IntroductionView, userId: string | undefined): NextStep | null {
  const { waitingOn, status } = introduction;
  const mine = waitingOn.find((w) => w.role === "matchmaker" && w.userId === userId);
  if (mine?.action === "respond") return { kind: "respond" };
  if (mine?.action === "ask_client") {
    const client = mine.side === "own" ? introduction.ownClient : introduction.otherClient;
    return {
      kind: "ask_client",
      clientId: introduction.otherMatchmakerId === userId ? client.userId : undefined,
      clientName: client.fields.firstName?.trim() ?? "",
    };
  }
  if (mine?.action === "set_date") return { kind: "set_date" };
  // The reader manages the client on their side, and both clients when the other matchmaker is them.
  const feedback = waitingOn.find(
    (w) =>
      w.role === "client" &&
      w.action === "feedback" &&
      (w.side === "own" || introduction.otherMatchmakerId === userId),
  );
  if (feedback) return { kind: "record_feedback", clientId: feedback.userId, clientName: feedback.name };
  if (hasContacts(status)) return { kind: "contacts" };
  return null;
}

/** What a one-click link's page shows for its token and the server's answer to it. */
export type LinkState = "ok" | "invalid" | "used" | "expired" | "notFound" | "failed";

export function linkState(token: string, error: unknown): LinkState {
  if (token.trim() === "") return "invalid";
  if (!error) return "ok";
  if (!(error instanceof ApiError)) return "failed";
  if (error.code === "INTRODUCTION_LINK_USED") return "used";
  if (error.code === "INTRODUCTION_LINK_EXPIRED") return "expired";
  if (error.status === 401 || error.code === "INTRODUCTION_LINK_INVALID") return "invalid";
  if (error.status === 410) return "expired";
  if (error.status === 404) return "notFound";
  // The API refuses a token of the wrong shape (TokenQuery) before looking it up.
  if (error.status === 400) return "invalid";
  return "failed";
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The browser's own time zone: the last resort for a date's zone. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** A zone this browser knows; UTC for one it does not (an older browser's time zone data). */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** The wall clock of an instant in a zone: year, month, day, hour, minute. */
function wallClock(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: knownZone(timeZone),
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** The zone's name in the reader's language ("Moscow Standard Time"), else the IANA name. */
export function zoneLabel(timeZone: string, locale: string, at = new Date()): string {
  if (timeZone === "UTC") return "UTC";
  try {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "long" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    return name ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The zones a date may be set in, for a select: the IANA name and its name in the reader's language. */
export function timeZoneOptions(language: string, ensure?: string | null) {
  const all = Intl.supportedValuesOf("timeZone");
  return (ensure && !all.includes(ensure) ? [ensure, ...all] : all).map((value) => {
    const name = zoneLabel(value, language);
    return { value, label: name === value ? value : `${value.replaceAll("_", " ")} — ${name}` };
  });
}

/**
 * A date is met at the place's clock: it is entered and shown in the meeting's own time zone (the
 * agency's, or the one the matchmaker picked), whatever the reader's browser says, `dd.mm.yyyy
 * hh:mm` like the rest, with the zone's name.
 */
export function formatMeeting(iso: string, timeZone: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const zone = knownZone(timeZone);
  const w = wallClock(date, zone);
  return `${pad(w.day)}.${pad(w.month)}.${w.year} ${pad(w.hour)}:${pad(w.minute)} (${zoneLabel(zone, locale, date)})`;
}

/** The `YYYY-MM-DDTHH:mm` value of the meeting input for a stored time, at the meeting's clock. */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const w = wallClock(date, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant a `YYYY-MM-DDTHH:mm` value names at the zone's clock, as the API takes it; "" if none. */
export function fromLocalInput(value: string, timeZone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return "";
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wanted)) return "";
  // The zone's offset at that moment, found from the wall clock; once more across a DST change.
  const offsetAt = (t: number) => {
    const w = wallClock(new Date(t), timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(t / 60_000) * 60_000;
  };
  let t = wanted - offsetAt(wanted);
  t = wanted - offsetAt(t);
  return new Date(t).toISOString();
}
