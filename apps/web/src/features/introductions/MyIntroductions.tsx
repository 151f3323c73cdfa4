import {
  Alert,
  Anchor,
  Badge,
  Blockquote,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { MyIntroductionStage, MyIntroductionView } from "@matchdesk/contract";
import {
  IconAddressBook,
  IconAlertCircle,
  IconCalendarEvent,
  IconCalendarQuestion,
  IconCheck,
  IconHeartHandshake,
  IconMapPin,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { AnswerForm } from "./AnswerForm";
import { CandidateSummary, useCandidateName } from "./CandidateSummary";
import { ContactsDialog } from "./ContactsDialog";
import { FeedbackForm } from "./FeedbackForm";
import { formatMeeting } from "./introduction-steps";
import { useMyAnswer, useMyDateResponse, useMyFeedback, useMyIntroductions } from "./useIntroductions";

// What asks for the client first: their question, their date, their feedback; closed ones last.
const STAGE_ORDER: readonly MyIntroductionStage[] = [
  "question",
  "date",
  "feedback",
  "introduced",
  "second_date",
  "waiting",
  "closed",
];
const STAGE_COLOR: Record<MyIntroductionStage, string> = {
  question: "rose",
  waiting: "yellow",
  introduced: "teal",
  date: "blue",
  feedback: "grape",
  second_date: "teal",
  closed: "gray",
};

/**
 * The client's introductions on their home page: questions to answer (with the candidate's shared
 * questionnaire), waiting, introduced (contacts), the date to confirm, feedback to give, closed ones muted.
 */
export function MyIntroductions() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const mine = useMyIntroductions();
  const items = [...(mine.data?.items ?? [])].sort(
    (a, b) => STAGE_ORDER.indexOf(a.stage) - STAGE_ORDER.indexOf(b.stage),
  );
  if (mine.isSuccess && items.length === 0) return null;
  return (
    <Card shadow="xs" component="section" aria-labelledby="my-introductions-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="my-introductions-title">
            {t("introductions.portal.title")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("introductions.portal.lead")}
          </Text>
        </Stack>
        {mine.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {toMessage(mine.error)}
          </Alert>
        ) : mine.isPending ? (
          <Skeleton h={96} />
        ) : (
          <Stack gap="sm">
            {items.map((item) => (
              <MyIntroduction key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function MyIntroduction({ item }: { item: MyIntroductionView }) {
  const { t } = useTranslation();
  const isClosed = item.stage === "closed";
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "sm", sm: "md" }}
      bg={isClosed ? "gray.0" : undefined}
      data-testid="my-introduction"
      data-stage={item.stage}
    >
      <Stack gap="sm">
        <CandidateSummary
          profile={item.candidate}
          isMuted={isClosed}
          badge={
            <Badge variant="light" color={STAGE_COLOR[item.stage]} data-testid="my-introduction-stage">
              {t(`introductions.portal.stage.${item.stage}`)}
            </Badge>
          }
        />
        <StageBody item={item} />
      </Stack>
    </Paper>
  );
}

function StageBody({ item }: { item: MyIntroductionView }) {
  const { t } = useTranslation();
  const nameOf = useCandidateName();
  const name = nameOf(item.candidate);
  const answer = useMyAnswer();
  const feedback = useMyFeedback();
  switch (item.stage) {
    case "question":
      return (
        <Stack gap="sm">
          {item.note && (
            <Blockquote color="rose" p="sm" radius="md" iconSize={0}>
              <Text size="sm" fs="italic">
                {item.note}
              </Text>
              <Text size="xs" c="gray.7" mt={4}>
                {t("introductions.portal.noteFrom")}
              </Text>
            </Blockquote>
          )}
          {item.expiresAt && (
            <Text size="sm" c="gray.7">
              {t("introductions.portal.answerBy", { date: formatDateTime(item.expiresAt) })}
            </Text>
          )}
          <AnswerForm
            candidateName={name}
            onSubmit={(body) =>
              answer.mutateAsync({ id: item.id, body }).then(() =>
                notifications.show({
                  color: "teal",
                  message: t(
                    body.answer === "yes" ? "introductions.answer.sentYes" : "introductions.answer.sentNo",
                  ),
                }),
              )
            }
          />
        </Stack>
      );
    case "waiting":
      // Waiting on the other side's answer, or on their feedback after the client gave theirs.
      return (
        <Text size="sm" c="gray.7">
          {item.feedbackGiven
            ? t("introductions.portal.feedbackWaiting")
            : t("introductions.portal.waiting", { name })}
        </Text>
      );
    case "introduced":
      return (
        <Stack gap="xs">
          <Text size="sm">{t("introductions.portal.introduced", { name })}</Text>
          <ContactsButton introductionId={item.id} />
        </Stack>
      );
    case "date":
      return <DateBlock item={item} name={name} />;
    case "feedback":
      return item.feedbackGiven ? (
        <Text size="sm" c="gray.7">
          {t("introductions.portal.feedbackThanks")}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{t("introductions.portal.feedbackLead", { name })}</Text>
          <FeedbackForm
            voice="client"
            candidateName={name}
            onSubmit={(body) =>
              feedback
                .mutateAsync({ id: item.id, body })
                .then(() =>
                  notifications.show({ color: "teal", message: t("introductions.portal.feedbackThanks") }),
                )
            }
          />
        </Stack>
      );
    case "second_date":
      return (
        <Stack gap="xs">
          <Text size="sm">{t("introductions.portal.secondDate", { name })}</Text>
          <ContactsButton introductionId={item.id} />
        </Stack>
      );
    case "closed":
      return (
        <Text size="sm" c="gray.7">
          {t("introductions.portal.closed")}
        </Text>
      );
  }
}

function ContactsButton({ introductionId }: { introductionId: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconAddressBook size={18} />}
        onClick={() => setOpen(true)}
        w="fit-content"
      >
        {t("introductions.portal.showContacts")}
      </Button>
      <ContactsDialog introductionId={introductionId} opened={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}

function DateBlock({ item, name }: { item: MyIntroductionView; name: string }) {
  const { t, i18n } = useTranslation();
  const toMessage = useErrorMessage();
  const respond = useMyDateResponse();
  const [isAsking, setAsking] = useState(false);
  const [note, setNote] = useState("");
  const { date } = item;
  const send = (response: "confirmed" | "reschedule") =>
    date &&
    respond.mutate(
      {
        id: item.id,
        // The answer names the date the client saw: if it moved meanwhile, the server refuses it.
        body: {
          response,
          startsAt: date.startsAt,
          note: response === "reschedule" && note.trim() ? note : undefined,
        },
      },
      {
        onSuccess: () => {
          setAsking(false);
          notifications.show({ color: "teal", message: t(`introductions.portal.dateSent.${response}`) });
        },
        onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
      },
    );
  return (
    <Stack gap="sm">
      {date ? (
        <Paper radius="md" p="sm" bg="blue.0">
          <Stack gap={4}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconCalendarEvent size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm" fw={600} data-testid="my-date">
                {t("introductions.portal.dateWith", {
                  name,
                  date: formatMeeting(date.startsAt, date.timeZone, i18n.language),
                })}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm">
                {date.place}
                {date.mapUrl && (
                  <>
                    {" · "}
                    <Anchor href={date.mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      {t("introductions.card.map")}
                    </Anchor>
                  </>
                )}
              </Text>
            </Group>
            {date.note && (
              <Text size="sm" c="gray.7">
                {date.note}
              </Text>
            )}
          </Stack>
        </Paper>
      ) : null}
      {item.dateResponse === "confirmed" ? (
        <Group gap={6}>
          <IconCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text size="sm">{t("introductions.portal.confirmed")}</Text>
        </Group>
      ) : item.dateResponse === "reschedule" ? (
        <Text size="sm" c="gray.7">
          {t("introductions.portal.rescheduleAsked")}
        </Text>
      ) : (
        <Group gap="sm">
          <Button
            leftSection={<IconHeartHandshake size={18} />}
            loading={respond.isPending && respond.variables?.body.response === "confirmed"}
            onClick={() => send("confirmed")}
          >
            {t("introductions.portal.confirm")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCalendarQuestion size={18} />}
            onClick={() => setAsking(true)}
          >
            {t("introductions.portal.reschedule")}
          </Button>
        </Group>
      )}
      <Modal
        opened={isAsking}
        onClose={() => setAsking(false)}
        title={t("introductions.portal.rescheduleTitle")}
        centered
      >
        <Stack gap="md">
          <Textarea
            label={t("introductions.portal.rescheduleNote")}
            description={t("introductions.portal.rescheduleHint")}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t("common.cancel")}
            </Button>
            <Button loading={respond.isPending} onClick={() => send("reschedule")}>
              {t("introductions.portal.rescheduleSend")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
