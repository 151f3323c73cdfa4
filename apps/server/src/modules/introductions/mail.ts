import { type Locale, PRODUCT_NAME } from "@matchdesk/contract";
import { createEvent } from "ics";
import type { MailAttachment, MailMessage } from "../../platform/mail.js";

// The e-mails a client gets about an introduction, in the client's language. One-click links work
// without signing in; the client's portal shows the same questions.

type DateInfo = {
  startsAt: Date;
  /** The meeting's zone (IANA): the time is written at its local clock, with its name. */
  timeZone: string;
  place: string;
  mapUrl: string | null;
  note: string | null;
};

export type ClientMail =
  | { kind: "question"; candidateName: string; note: string | null; link: string; expiresAt: Date }
  | { kind: "reminder"; candidateName: string; link: string; expiresAt: Date }
  | { kind: "date"; candidateName: string; date: DateInfo; portal: string; ics: MailAttachment }
  | { kind: "date_reminder"; candidateName: string; date: DateInfo; portal: string }
  | { kind: "feedback"; candidateName: string; link: string };

/** A meeting's time at its own clock with the zone's name: "25 November 2026 at 19:00 Moscow Standard Time (Europe/Moscow)". */
export const formatMeetingTime = (locale: Locale, d: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone,
  }).format(d)} ${zoneName(locale, d, timeZone)}`;

/** The zone's name in the reader's language and its IANA name (UTC alone stays "UTC"). */
function zoneName(locale: Locale, d: Date, timeZone: string) {
  if (timeZone === "UTC") return "UTC";
  const long = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "long" })
    .formatToParts(d)
    .find((p) => p.type === "timeZoneName")?.value;
  return long ? `${long} (${timeZone})` : timeZone;
}

const fmtDay = (locale: Locale, d: Date) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(d);

function dateLines(locale: Locale, date: DateInfo) {
  const en = locale === "en-US";
  return [
    `${en ? "When" : "Когда"}: ${formatMeetingTime(locale, date.startsAt, date.timeZone)}`,
    `${en ? "Where" : "Где"}: ${date.place}`,
    ...(date.mapUrl ? [`${en ? "Map" : "Карта"}: ${date.mapUrl}`] : []),
    ...(date.note ? [`${en ? "Note" : "Примечание"}: ${date.note}`] : []),
  ].join("\n");
}

export function clientMail(
  locale: Locale,
  to: { email: string; firstName: string },
  mail: ClientMail,
): MailMessage {
  const en = locale === "en-US";
  const hello = en ? `Hello ${to.firstName},` : `Здравствуйте, ${to.firstName}!`;
  const sign = en ? `Your matchmaker, through ${PRODUCT_NAME}` : `Ваш сват, через ${PRODUCT_NAME}`;
  const body = (subject: string, lines: string[], attachments?: MailAttachment[]): MailMessage => ({
    to: to.email,
    subject: `${PRODUCT_NAME}: ${subject}`,
    text: [hello, "", ...lines, "", sign].join("\n"),
    ...(attachments ? { attachments } : {}),
  });
  switch (mail.kind) {
    case "question":
      return body(
        en ? `Would you like to meet ${mail.candidateName}?` : `Познакомиться с ${mail.candidateName}?`,
        [
          en
            ? `Your matchmaker suggests an introduction to ${mail.candidateName}. See the profile and answer yes or no:`
            : `Ваш сват предлагает познакомиться с ${mail.candidateName}. Посмотрите анкету и ответьте «да» или «нет»:`,
          mail.link,
          ...(mail.note
            ? ["", en ? `A note from your matchmaker: ${mail.note}` : `Сват пишет: ${mail.note}`]
            : []),
          "",
          en
            ? `The link works once, until ${fmtDay(locale, mail.expiresAt)}. Contacts are shared only if you both say yes.`
            : `Ссылка работает один раз, до ${fmtDay(locale, mail.expiresAt)}. Контакты откроются, только если вы оба ответите «да».`,
        ],
      );
    case "reminder":
      return body(
        en ? `A reminder: ${mail.candidateName} is waiting` : `Напоминание: ответ о ${mail.candidateName}`,
        [
          en
            ? `You have not yet answered about meeting ${mail.candidateName}. It takes one click:`
            : `Вы ещё не ответили, хотите ли познакомиться с ${mail.candidateName}. Это один клик:`,
          mail.link,
          "",
          en
            ? `The question closes on ${fmtDay(locale, mail.expiresAt)}.`
            : `Вопрос закроется ${fmtDay(locale, mail.expiresAt)}.`,
        ],
      );
    case "date":
      return body(
        en ? `Your date with ${mail.candidateName}` : `Свидание с ${mail.candidateName}`,
        [
          en
            ? `Your first date with ${mail.candidateName} is set. The calendar file is attached.`
            : `Первое свидание с ${mail.candidateName} назначено. Файл для календаря — во вложении.`,
          "",
          dateLines(locale, mail.date),
          "",
          en
            ? `Please confirm it or ask for another time in your account: ${mail.portal}`
            : `Подтвердите его или попросите другое время в личном кабинете: ${mail.portal}`,
        ],
        [mail.ics],
      );
    case "date_reminder":
      return body(
        en ? `Tomorrow: your date with ${mail.candidateName}` : `Завтра свидание с ${mail.candidateName}`,
        [
          en
            ? `A reminder of your date with ${mail.candidateName}:`
            : `Напоминаем о свидании с ${mail.candidateName}:`,
          "",
          dateLines(locale, mail.date),
          "",
          mail.portal,
        ],
      );
    case "feedback":
      return body(
        en ? `How was your date with ${mail.candidateName}?` : `Как прошло свидание с ${mail.candidateName}?`,
        [
          en
            ? `Your matchmaker would like to know how it went. Two minutes, one link (your answers stay with your matchmaker):`
            : `Сват хочет узнать, как всё прошло. Две минуты, одна ссылка (ответы увидит только ваш сват):`,
          mail.link,
        ],
      );
  }
}

/**
 * The date as an iCalendar file (RFC 5545) made by the `ics` library: one event of two hours, the
 * introduction's id as its UID and a sequence that grows with each new time, so a calendar
 * replaces the old time rather than adding a second event.
 */
export function dateCalendar(o: {
  introductionId: string;
  sequence: number;
  title: string;
  date: DateInfo;
  url: string;
  locale: Locale;
}): MailAttachment {
  const s = o.date.startsAt;
  const { error, value } = createEvent({
    uid: `${o.introductionId}@matchdesk`,
    sequence: o.sequence,
    start: [s.getUTCFullYear(), s.getUTCMonth() + 1, s.getUTCDate(), s.getUTCHours(), s.getUTCMinutes()],
    startInputType: "utc",
    startOutputType: "utc",
    duration: { hours: 2 },
    title: o.title,
    location: o.date.place,
    // The link goes in the text: the library's URL check refuses a local address (localhost).
    // The start is the instant (UTC), which every calendar places right; the text says it at the
    // meeting's own clock, and the calendar's zone names it (the library writes no VTIMEZONE).
    description: [formatMeetingTime(o.locale, s, o.date.timeZone), o.date.note, o.url]
      .filter(Boolean)
      .join("\n"),
    productId: "matchdesk/introductions",
  });
  if (error || !value) throw error ?? new Error("The calendar file could not be made");
  // X-WR-TIMEZONE (Google, Apple, Outlook) shows the event at the meeting's zone.
  const content = value.replace(/\r\nBEGIN:VEVENT/, `\r\nX-WR-TIMEZONE:${o.date.timeZone}\r\nBEGIN:VEVENT`);
  return {
    filename: "date.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content,
  };
}
