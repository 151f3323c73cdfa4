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

/**
 * A date is met at the place's clock: it is entered and shown in the browser's time zone (every
 * other time in the app is UTC, SPEC 9), `dd.mm.yyyy hh:mm` like the rest.
 */
export function formatMeeting(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The local `YYYY-MM-DDTHH:mm` value of the meeting input for a stored time, in the browser's zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a local `YYYY-MM-DDTHH:mm` value names in the browser's zone, as the API takes it; "" if none. */
export function fromLocalInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}
