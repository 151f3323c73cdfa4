import {
  Blockquote,
  Button,
  Center,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import type { Locale, MyIntroductionStage, PublicIntroductionView } from "@matchdesk/contract";
import {
  IconCalendarEvent,
  IconCircleCheck,
  IconClockX,
  IconHeartHandshake,
  IconLinkOff,
  IconMailCheck,
} from "@tabler/icons-react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { switchLocale } from "../../i18n/i18n";
import { isLocale, setPageLocale } from "../../i18n/locale";
import { formatDateTime } from "../../lib/format-date";
import { queryClient } from "../../lib/query-client";
import { LoadFailed } from "../../ui/LoadFailed";
import { usePageTitle } from "../../ui/usePageTitle";
import { AnswerForm } from "./AnswerForm";
import { CandidateProfile } from "./CandidateProfile";
import { useCandidateName } from "./CandidateSummary";
import { FeedbackForm } from "./FeedbackForm";
import { formatMeeting, type LinkState, linkState } from "./introduction-steps";
import { answerByLink, feedbackByLink, usePublicIntroduction } from "./useIntroductions";

type Purpose = "answer" | "feedback";

/** /introductions/{id}/answer?token=...: the client's yes or no from the e-mail, without signing in. */
export function IntroductionAnswerPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <LinkPage purpose="answer" />
    </QueryClientProvider>
  );
}

/** /introductions/{id}/feedback?token=...: the client's feedback after the date, from the e-mail. */
export function IntroductionFeedbackPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <LinkPage purpose="feedback" />
    </QueryClientProvider>
  );
}

function LinkPage({ purpose }: { purpose: Purpose }) {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const view = usePublicIntroduction(purpose, id, token);
  useClientLanguage(searchParams.get("lang"), view.data?.locale);
  const [done, setDone] = useState<MyIntroductionStage | null>(null);
  usePageTitle(t(`introductions.link.${purpose}.pageTitle`));

  // One-click links are for one person: not for search engines.
  const robots = <meta name="robots" content="noindex, nofollow" />;
  const state = linkState(token, view.error);
  if (done)
    return (
      <>
        {robots}
        <Done purpose={purpose} stage={done} />
      </>
    );
  if (state !== "ok" && state !== "failed")
    return (
      <>
        {robots}
        <LinkProblem state={state} />
      </>
    );
  return (
    <Container size="md" py={{ base: "lg", sm: 48 }}>
      {robots}
      {state === "failed" ? (
        <LoadFailed
          title={t("introductions.link.loadFailed")}
          error={view.error}
          onRetry={() => void view.refetch()}
        />
      ) : !view.data ? (
        <Stack gap="sm" role="status" aria-label={t("common.loading")}>
          <Skeleton h={40} w="60%" />
          <Skeleton h={220} radius="lg" />
          <Skeleton h={120} radius="lg" />
        </Stack>
      ) : purpose === "answer" ? (
        <Question
          view={view.data}
          onSubmit={(body) => answerByLink(id, token, body).then((result) => setDone(result.stage))}
        />
      ) : (
        <Feedback
          view={view.data}
          onSubmit={(body) => feedbackByLink(id, token, body).then((result) => setDone(result.stage))}
        />
      )}
    </Container>
  );
}

/**
 * The page speaks its client's language: the link's `lang`, else the one the answer names, once;
 * the visitor's own switch (which clears it) then wins for the rest of the visit. It holds for this
 * page's path only, so no other page follows it.
 */
function useClientLanguage(fromLink: string | null, fromView: Locale | undefined) {
  const { pathname } = useLocation();
  const applied = useRef(false);
  const wanted = isLocale(fromLink) ? fromLink : fromView;
  useEffect(() => {
    if (applied.current || !wanted) return;
    applied.current = true;
    setPageLocale(pathname, wanted);
    void switchLocale(wanted);
  }, [wanted, pathname]);
}

type QuestionProps = {
  view: PublicIntroductionView;
  onSubmit: Parameters<typeof AnswerForm>[0]["onSubmit"];
};

function Question({ view, onSubmit }: QuestionProps) {
  const { t } = useTranslation();
  const nameOf = useCandidateName();
  const name = nameOf(view.candidate);
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Text fw={700} c="rose.7" fz="xs" tt="uppercase" lts={1}>
          {t("introductions.link.answer.eyebrow")}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t("introductions.link.answer.title", { client: view.clientFirstName, name })}
        </Title>
        <Text c="gray.7">
          {t("introductions.link.answer.lead", { name, date: formatDateTime(view.expiresAt) })}
        </Text>
        {view.note && (
          <Blockquote color="rose" p="md" radius="md" iconSize={0} mt="xs">
            <Text fs="italic">{view.note}</Text>
            <Text size="sm" c="gray.7" mt={6}>
              {t("introductions.portal.noteFrom")}
            </Text>
          </Blockquote>
        )}
      </Stack>
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
        <CandidateProfile view={view.candidate} titleOrder={2} />
      </Paper>
      <Paper
        withBorder
        shadow="sm"
        radius="lg"
        p={{ base: "md", sm: "xl" }}
        component="section"
        aria-labelledby="answer-title"
      >
        <Title order={2} fz="h3" id="answer-title" mb="md">
          {t("introductions.link.answer.formTitle")}
        </Title>
        <AnswerForm candidateName={name} onSubmit={onSubmit} />
      </Paper>
    </Stack>
  );
}

type FeedbackProps = {
  view: PublicIntroductionView;
  onSubmit: Parameters<typeof FeedbackForm>[0]["onSubmit"];
};

function Feedback({ view, onSubmit }: FeedbackProps) {
  const { t, i18n } = useTranslation();
  const nameOf = useCandidateName();
  const name = nameOf(view.candidate);
  return (
    <Stack gap="xl" maw={680} mx="auto">
      <Stack gap="xs">
        <Text fw={700} c="rose.7" fz="xs" tt="uppercase" lts={1}>
          {t("introductions.link.feedback.eyebrow")}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t("introductions.link.feedback.title", { client: view.clientFirstName, name })}
        </Title>
        {view.date && (
          <Text c="gray.7">
            <IconCalendarEvent size={16} aria-hidden style={{ verticalAlign: "-2px" }} />{" "}
            {t("introductions.card.date", {
              date: formatMeeting(view.date.startsAt, view.date.timeZone, i18n.language),
              place: view.date.place,
            })}
          </Text>
        )}
        <Text c="gray.7">{t("introductions.link.feedback.lead")}</Text>
      </Stack>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: "md", sm: "xl" }}>
        <FeedbackForm voice="client" candidateName={name} onSubmit={onSubmit} />
      </Paper>
    </Stack>
  );
}

function Done({ purpose, stage }: { purpose: Purpose; stage: MyIntroductionStage }) {
  const { t } = useTranslation();
  // After an answer: both said yes, waiting on the other side, or closed after a no.
  const key =
    purpose === "feedback"
      ? "feedback"
      : stage === "introduced"
        ? "introduced"
        : stage === "waiting"
          ? "waiting"
          : "answered";
  const Icon =
    key === "introduced" ? IconHeartHandshake : key === "feedback" ? IconMailCheck : IconCircleCheck;
  return (
    <Center py={{ base: 48, md: 96 }} px="md">
      <Stack align="center" ta="center" gap="md" maw={520} role="status">
        <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
          <Icon size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t(`introductions.link.done.${key}.title`)}
        </Title>
        <Text c="gray.7">{t(`introductions.link.done.${key}.text`)}</Text>
        <Button component={Link} to="/login" variant="light" mt="sm">
          {t("introductions.link.signIn")}
        </Button>
      </Stack>
    </Center>
  );
}

const PROBLEM_ICON = { invalid: IconLinkOff, used: IconCircleCheck, expired: IconClockX } as const;

function LinkProblem({ state: linkProblem }: { state: Exclude<LinkState, "ok" | "failed"> }) {
  const { t } = useTranslation();
  // An unknown introduction reads like a bad link: the link is all the visitor has.
  const state = linkProblem === "notFound" ? "invalid" : linkProblem;
  const Icon = PROBLEM_ICON[state];
  return (
    <Center py={{ base: 48, md: 96 }} px="md">
      <Stack align="center" ta="center" gap="md" maw={520} role="alert">
        <ThemeIcon
          size={64}
          radius="xl"
          variant="light"
          color={state === "used" ? "teal" : state === "expired" ? "orange" : "red"}
          aria-hidden
        >
          <Icon size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t(`introductions.link.problem.${state}.title`)}
        </Title>
        <Text c="gray.7">{t(`introductions.link.problem.${state}.text`)}</Text>
        <Button component={Link} to="/login" variant="light" mt="sm">
          {t("introductions.link.signIn")}
        </Button>
      </Stack>
    </Center>
  );
}
