import { ActionIcon, Anchor, Badge, Button, Card, Collapse, Group, Menu, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { IntroductionAction, IntroductionView, WaitingOn } from "@matchdesk/contract";
import {
  IconAddressBook,
  IconCalendarEvent,
  IconChevronDown,
  IconDots,
  IconMapPin,
  IconMessage,
  IconSend,
  IconStar,
  IconX,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useAuth } from "../auth/auth-store";
import { chatWithPath } from "../chat/chat-links";
import { useCandidateName } from "./CandidateSummary";
import { ContactsDialog } from "./ContactsDialog";
import { AskClientDialog, DateDialog, RecordFeedbackDialog } from "./IntroductionDialogs";
import { IntroductionHistory } from "./IntroductionHistory";
import { formatMeeting, hasContacts, isCancellable, nextStep, STATE_COLOR } from "./introduction-steps";
import { useIntroductionAction } from "./useIntroductions";

type Dialog = "ask" | "date" | "feedback" | "contacts" | "cancel" | null;

/**
 * One introduction in the workspace: the two clients, its state, whose turn it is, the one next
 * step as the button, the rest in a menu, and the history on demand.
 */
export function IntroductionCard({ introduction: i }: { introduction: IntroductionView }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const toMessage = useErrorMessage();
  const nameOf = useCandidateName();
  const act = useIntroductionAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isOpen, setOpen] = useState(false);
  const step = nextStep(i, user?.id);
  const ownName = nameOf(i.ownClient);
  const otherName = nameOf(i.otherClient);
  const historyId = `introduction-history-${i.id}`;

  const run = (action: IntroductionAction, onDone?: () => void) =>
    act.mutate(
      { id: i.id, action },
      {
        onSuccess: () => {
          notifications.show({ color: "teal", message: t(`introductions.card.done.${action}`) });
          onDone?.();
        },
        onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
      },
    );

  const feedbackClient =
    step?.kind === "record_feedback"
      ? step
      : { kind: "record_feedback" as const, clientId: "", clientName: "" };

  return (
    <Card
      withBorder
      padding="md"
      data-testid="introduction-card"
      component="article"
      aria-label={`${ownName} — ${otherName}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {ownName} — {otherName}
          </Text>
          <Badge
            variant="light"
            color={STATE_COLOR[i.status]}
            data-testid="introduction-status"
            style={{ flexShrink: 0 }}
          >
            {t(`matching.state.${i.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[i.otherAgencyName, t("introductions.card.updated", { date: formatDateTime(i.updatedAt) })]
            .filter(Boolean)
            .join(" · ")}
        </Text>
        {i.date && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconCalendarEvent size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" data-testid="introduction-date">
              {t("introductions.card.date", {
                date: formatMeeting(i.date.startsAt, i.date.timeZone, i18n.language),
                place: i.date.place,
              })}
              {i.date.mapUrl && (
                <>
                  {" "}
                  <Anchor href={i.date.mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    <IconMapPin size={14} aria-hidden /> {t("introductions.card.map")}
                  </Anchor>
                </>
              )}
            </Text>
          </Group>
        )}
        {i.waitingOn.length > 0 && <WaitingLine waitingOn={i.waitingOn} userId={user?.id} />}

        <Group gap="xs" justify="space-between" wrap="nowrap" mt={4}>
          <Group gap="xs">
            {step?.kind === "respond" && (
              <>
                <Button size="xs" color="teal" loading={act.isPending} onClick={() => run("accept")}>
                  {t("matching.introductions.accept")}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  loading={act.isPending}
                  onClick={() => run("reject")}
                >
                  {t("matching.introductions.reject")}
                </Button>
              </>
            )}
            {step?.kind === "ask_client" && (
              <Button size="xs" leftSection={<IconSend size={16} />} onClick={() => setDialog("ask")}>
                {t("introductions.card.ask", { name: step.clientName || ownName })}
              </Button>
            )}
            {step?.kind === "set_date" && (
              <Button
                size="xs"
                leftSection={<IconCalendarEvent size={16} />}
                onClick={() => setDialog("date")}
              >
                {t("introductions.card.setDate")}
              </Button>
            )}
            {step?.kind === "record_feedback" && (
              <Button size="xs" leftSection={<IconStar size={16} />} onClick={() => setDialog("feedback")}>
                {t("introductions.card.recordFeedback", { name: step.clientName })}
              </Button>
            )}
            {step?.kind === "contacts" && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconAddressBook size={16} />}
                onClick={() => setDialog("contacts")}
              >
                {t("introductions.card.contacts")}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              rightSection={
                <IconChevronDown
                  size={14}
                  style={{ transform: isOpen ? "rotate(180deg)" : undefined, transition: "transform 150ms" }}
                />
              }
              aria-expanded={isOpen}
              aria-controls={historyId}
              onClick={() => setOpen((open) => !open)}
            >
              {t("introductions.card.history")}
            </Button>
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t("introductions.card.more")}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {user && i.otherMatchmakerId !== user.id && (
                <Menu.Item
                  component={Link}
                  to={chatWithPath(i.otherMatchmakerId)}
                  leftSection={<IconMessage size={16} />}
                >
                  {t("chat.message")}
                </Menu.Item>
              )}
              {hasContacts(i.status) && step?.kind !== "contacts" && (
                <Menu.Item leftSection={<IconAddressBook size={16} />} onClick={() => setDialog("contacts")}>
                  {t("introductions.card.contacts")}
                </Menu.Item>
              )}
              {i.status === "date_planned" && step?.kind !== "set_date" && (
                <Menu.Item leftSection={<IconCalendarEvent size={16} />} onClick={() => setDialog("date")}>
                  {t("introductions.card.changeDate")}
                </Menu.Item>
              )}
              {isCancellable(i.status) && (
                <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={() => setDialog("cancel")}>
                  {t("introductions.card.cancel")}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>

        <Collapse expanded={isOpen} id={historyId} keepMounted={false}>
          {isOpen && <IntroductionHistory introduction={i} />}
        </Collapse>
      </Stack>

      <AskClientDialog
        introductionId={i.id}
        clientId={step?.kind === "ask_client" ? step.clientId : undefined}
        clientName={step?.kind === "ask_client" && step.clientName ? step.clientName : ownName}
        opened={dialog === "ask"}
        onClose={() => setDialog(null)}
      />
      <DateDialog
        introductionId={i.id}
        date={i.date}
        opened={dialog === "date"}
        onClose={() => setDialog(null)}
      />
      <RecordFeedbackDialog
        introductionId={i.id}
        clientId={feedbackClient.clientId}
        clientName={feedbackClient.clientName}
        candidateName={feedbackClient.clientId === i.otherClient.userId ? ownName : otherName}
        opened={dialog === "feedback"}
        onClose={() => setDialog(null)}
      />
      <ContactsDialog introductionId={i.id} opened={dialog === "contacts"} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={dialog === "cancel"}
        title={t("introductions.card.cancelTitle")}
        message={t("introductions.card.cancelText", { client: ownName, candidate: otherName })}
        confirmLabel={t("introductions.card.cancelConfirm")}
        isPending={act.isPending}
        onConfirm={() => run("cancel", () => setDialog(null))}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}

/** "Next: Olga, Dmitry — answer the question", "you or James Whitmore — set the date". */
function WaitingLine({ waitingOn, userId }: { waitingOn: WaitingOn[]; userId: string | undefined }) {
  const { t } = useTranslation();
  const byAction = new Map<WaitingOn["action"], string[]>();
  for (const w of waitingOn) {
    const name = w.role === "matchmaker" && w.userId === userId ? t("introductions.waitingOn.you") : w.name;
    const names = byAction.get(w.action) ?? [];
    if (!names.includes(name)) names.push(name);
    byAction.set(w.action, names);
  }
  // Either matchmaker sets the date; every other step is each one's own.
  const parts = [...byAction].map(([action, names]) =>
    t(`introductions.waitingOn.${action}`, {
      name: names.join(action === "set_date" ? t("introductions.waitingOn.or") : ", "),
    }),
  );
  return (
    <Text size="sm" data-testid="introduction-waiting">
      <Text span c="gray.7">
        {t("introductions.waitingOn.label")}
      </Text>{" "}
      {parts.join("; ")}
    </Text>
  );
}
