import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Timeline } from "@mantine/core";
import {
  DeclineReason,
  type IntroductionDetail,
  type IntroductionEventView,
  type IntroductionView,
  MeetAgain,
} from "@matchdesk/contract";
import { IconAlertCircle, IconCircleCheck, IconPoint } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useCandidateName } from "./CandidateSummary";
import { formatMeeting } from "./introduction-steps";
import { useIntroductionDetail } from "./useIntroductions";

/** An opened card: where each client stands, and every step so far, oldest first. */
export function IntroductionHistory({ introduction }: { introduction: IntroductionView }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const detail = useIntroductionDetail(introduction.id, true);
  if (detail.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {toMessage(detail.error)}
      </Alert>
    );
  if (!detail.data)
    return (
      <Stack gap="xs" role="status" aria-label={t("common.loading")}>
        <Skeleton h={56} />
        <Skeleton h={80} />
      </Stack>
    );
  return (
    <Stack gap="md" data-testid="introduction-history">
      <Sides detail={detail.data} />
      <EventList detail={detail.data} />
    </Stack>
  );
}

function Sides({ detail }: { detail: IntroductionDetail }) {
  const { t, i18n } = useTranslation();
  const nameOf = useCandidateName();
  const { own, other } = detail;
  const ownLines = [
    own.askedAt
      ? t("introductions.sides.askedAt", { date: formatDateTime(own.askedAt) })
      : t("introductions.sides.notAsked"),
    own.askNote ? t("introductions.sides.askNote", { note: own.askNote }) : null,
    own.answer === "yes" ? t("introductions.sides.saidYes") : null,
    own.answer === "no"
      ? t("introductions.sides.saidNo", {
          reason: own.reason ? t(`introductions.reasons.${own.reason}`) : "—",
        })
      : null,
    own.comment ? t("introductions.sides.comment", { comment: own.comment }) : null,
    own.answer === null && own.expiresAt
      ? t(own.askedAt ? "introductions.sides.expiresAt" : "introductions.sides.expiresUnasked", {
          date: formatDateTime(own.expiresAt),
        })
      : null,
    own.dateResponse ? t(`introductions.sides.date.${own.dateResponse}`) : null,
    own.feedback
      ? t("introductions.sides.feedback", {
          again: t(`introductions.feedback.again.${own.feedback.meetAgain}`),
        })
      : null,
  ].filter((line): line is string => Boolean(line));
  const otherLines = [
    other.asked ? t("introductions.sides.asked") : t("introductions.sides.notAsked"),
    other.answer === "yes" ? t("introductions.sides.saidYes") : null,
    other.dateResponse ? t(`introductions.sides.date.${other.dateResponse}`) : null,
    other.feedbackGiven ? t("introductions.sides.feedbackGiven") : null,
  ].filter((line): line is string => Boolean(line));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Side title={nameOf(detail.ownClient)} lines={ownLines} />
      <Side title={nameOf(detail.otherClient)} lines={otherLines} />
      {detail.date && (
        <Paper withBorder p="sm" radius="md" style={{ gridColumn: "1 / -1" }}>
          <Text size="sm" fw={600}>
            {t("introductions.card.date", {
              date: formatMeeting(detail.date.startsAt, detail.date.timeZone, i18n.language),
              place: detail.date.place,
            })}
          </Text>
          {detail.date.note && (
            <Text size="sm" c="gray.7">
              {detail.date.note}
            </Text>
          )}
        </Paper>
      )}
    </SimpleGrid>
  );
}

function Side({ title, lines }: { title: string; lines: string[] }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" fw={600} mb={4}>
        {title}
      </Text>
      <Stack gap={2}>
        {lines.map((line) => (
          <Text key={line} size="sm" c="gray.7" style={{ overflowWrap: "anywhere" }}>
            {line}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

function EventList({ detail }: { detail: IntroductionDetail }) {
  const { t, i18n } = useTranslation();
  const nameOf = useCandidateName();
  const clientOf = (event: IntroductionEventView) =>
    event.side === "own"
      ? nameOf(detail.ownClient)
      : event.side === "other"
        ? nameOf(detail.otherClient)
        : t("introductions.timeline.bothClients");
  if (detail.timeline.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("introductions.timeline.empty")}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} component="h3" m={0}>
        {t("introductions.timeline.title")}
      </Text>
      <Timeline active={detail.timeline.length - 1} bulletSize={18} lineWidth={2} color="rose">
        {detail.timeline.map((event, index) => {
          const details = eventDetails(t, event, i18n.language);
          return (
            <Timeline.Item
              key={event.id}
              bullet={
                index === detail.timeline.length - 1 ? (
                  <IconCircleCheck size={12} aria-hidden />
                ) : (
                  <IconPoint size={12} aria-hidden />
                )
              }
              title={
                <Text size="sm" fw={500}>
                  {t(eventKey(event), {
                    actor: event.actorName ?? t("introductions.timeline.system"),
                    client: clientOf(event),
                  })}
                </Text>
              }
            >
              <Text size="xs" c="gray.7">
                {formatDateTime(event.createdAt)}
              </Text>
              {details.length > 0 && (
                <Group gap={6} mt={4}>
                  {details.map((text) => (
                    <Badge key={text} variant="light" color="gray" tt="none" fw={500} maw="100%">
                      {text}
                    </Badge>
                  ))}
                </Group>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Stack>
  );
}

/** A client's answer reads as their yes or no where the reader may know it. */
function eventKey(event: IntroductionEventView): string {
  if (event.kind === "client_answered" && (event.data.answer === "yes" || event.data.answer === "no"))
    return `introductions.timeline.answered.${event.data.answer}`;
  if (event.kind === "expired" && event.data.cause === "not_asked")
    return "introductions.timeline.expiredUnasked";
  return `introductions.timeline.kinds.${event.kind}`;
}

/** What an event's data says, in words: only the keys the reader may see arrive at all. */
function eventDetails(t: TFunction, event: IntroductionEventView, language: string): string[] {
  const out: string[] = [];
  const { data } = event;
  const text = (key: string) =>
    typeof data[key] === "string" && data[key] !== "" ? (data[key] as string) : null;
  const reasons = [data.reason, ...(Array.isArray(data.reasons) ? data.reasons : [])];
  for (const value of reasons) {
    const reason = DeclineReason.safeParse(value);
    if (reason.success) out.push(t(`introductions.reasons.${reason.data}`));
  }
  const again = MeetAgain.safeParse(data.meetAgain);
  if (data.happened === false) out.push(t("introductions.timeline.notHappened"));
  if (again.success)
    out.push(
      t("introductions.timeline.meetAgain", { answer: t(`introductions.feedback.again.${again.data}`) }),
    );
  const startsAt = text("startsAt");
  // Dates set before zones were recorded were set in UTC.
  if (startsAt) out.push(formatMeeting(startsAt, text("timeZone") ?? "UTC", language));
  const place = text("place");
  if (place) out.push(place);
  for (const key of ["note", "comment"]) {
    const value = text(key);
    if (value)
      out.push(
        t("introductions.timeline.quote", { text: value.length > 120 ? `${value.slice(0, 119)}…` : value }),
      );
  }
  return out;
}
