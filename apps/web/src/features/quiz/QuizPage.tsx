import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { Locale, QuizAgency, QuizQuestionId, QuizResultView, QuizView } from "@matchdesk/contract";
import { IconAlertCircle, IconRefresh } from "@tabler/icons-react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { queryClient } from "../../lib/query-client";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { FocusBadges } from "../marketplace/FocusBadges";
import { PageIntro } from "../site/PageIntro";
import { useQuiz, useQuizResult } from "./useQuiz";

/** SPEC 1 /quiz: the free compatibility quiz, one question at a time, then the result. */
export function QuizPage() {
  // The public site has no query client of its own; this page brings it.
  return (
    <QueryClientProvider client={queryClient}>
      <Quiz />
    </QueryClientProvider>
  );
}

type Answers = Partial<Record<QuizQuestionId, string>>;

function Quiz() {
  const { t, i18n } = useTranslation();
  const toMessage = useErrorMessage();
  usePageTitle(t("quiz.pageTitle"));
  const locale: Locale = i18n.language === "ru-RU" ? "ru-RU" : "en-US";
  const quiz = useQuiz(locale);
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const submit = useQuizResult();

  const retake = () => {
    setAnswers({});
    setStep(0);
    submit.reset();
  };

  return (
    <>
      <PageIntro title={t("quiz.title")} lead={t("quiz.lead")} />
      <Container size="md" py={{ base: 32, md: 48 }}>
        {quiz.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label={t("quiz.loading")} />
          </Group>
        ) : quiz.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {toMessage(quiz.error)}
          </Alert>
        ) : submit.data ? (
          <QuizResult result={submit.data} onRetake={retake} />
        ) : (
          <QuestionStep
            quiz={quiz.data}
            step={step}
            answers={answers}
            onAnswer={(id, value) => setAnswers({ ...answers, [id]: value })}
            onBack={() => setStep(step - 1)}
            onNext={() => {
              if (step < quiz.data.questions.length - 1) setStep(step + 1);
              else submit.mutate({ locale, answers });
            }}
            sending={submit.isPending}
            error={submit.isError ? toMessage(submit.error) : null}
          />
        )}
      </Container>
    </>
  );
}

type StepProps = {
  quiz: QuizView;
  step: number;
  answers: Answers;
  onAnswer: (id: QuizQuestionId, value: string) => void;
  onBack: () => void;
  onNext: () => void;
  sending: boolean;
  error: string | null;
};

function QuestionStep({ quiz, step, answers, onAnswer, onBack, onNext, sending, error }: StepProps) {
  const { t } = useTranslation();
  const total = quiz.questions.length;
  const question = quiz.questions[Math.min(step, total - 1)]!;
  const chosen = answers[question.id] ?? null;
  const last = step === total - 1;
  return (
    <Card padding="xl" shadow="xs" withBorder maw={640} mx="auto">
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="sm" c="gray.7">
            {t("quiz.progress", { current: step + 1, total })}
          </Text>
          <Progress
            value={((step + 1) / total) * 100}
            color="rose"
            aria-label={t("quiz.progress", { current: step + 1, total })}
          />
        </Stack>
        <Radio.Group
          value={chosen}
          onChange={(value) => onAnswer(question.id, value)}
          label={
            <Title order={2} fz={24} mb="sm">
              {question.text}
            </Title>
          }
        >
          <Stack gap="sm">
            {question.options.map((option) => (
              <Radio.Card key={option.value} value={option.value} radius="md" p="md" withBorder>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Text>{option.label}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={step === 0 || sending}>
            {t("quiz.back")}
          </Button>
          <Button onClick={onNext} disabled={chosen === null} loading={sending}>
            {last ? t("quiz.finish") : t("quiz.next")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function QuizResult({ result, onRetake }: { result: QuizResultView; onRetake: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The last question's button is gone: the reader continues at the result's heading.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="xl">
      <Card padding="xl" shadow="xs" withBorder>
        <Stack gap="md">
          <Title order={2} ref={heading} tabIndex={-1} style={{ outline: "none" }}>
            {t("quiz.result.title")}
          </Title>
          <Text size="lg" fw={700} c="rose.8" data-testid="quiz-count">
            {t("quiz.result.count", { count: result.compatibleCount })}
          </Text>
          <Text c="gray.7">{result.summary}</Text>
          {result.traits.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {result.traits.map((trait) => (
                <Text component="li" key={trait.id}>
                  <Text span fw={600}>
                    {trait.title}:
                  </Text>{" "}
                  {trait.text}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      <Stack gap="md">
        <Title order={2} fz={24}>
          {t("quiz.result.agencies")}
        </Title>
        {result.agencies.length === 0 ? (
          <Text c="gray.7">{t("quiz.result.noAgencies")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {result.agencies.map((agency) => (
              <AgencyCard key={agency.userId} agency={agency} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Group>
        <Button leftSection={<IconRefresh size={18} />} variant="light" onClick={onRetake}>
          {t("quiz.result.retake")}
        </Button>
        <Anchor component={Link} to="/directory">
          {t("quiz.result.directory")}
        </Anchor>
      </Group>
    </Stack>
  );
}

function AgencyCard({ agency }: { agency: QuizAgency }) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" shadow="xs" withBorder component="article" h="100%">
      <Stack gap="sm" h="100%">
        <Group wrap="nowrap" gap="md">
          <Avatar src={agency.logoUrl} alt="" size={48} radius="md" color="rose" name={agency.agencyName} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} lineClamp={2}>
              {agency.agencyName}
            </Text>
            {agency.city && (
              <Text size="sm" c="gray.7">
                {agency.city}
              </Text>
            )}
          </Stack>
        </Group>
        {agency.matchedFocus.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" fw={600} c="teal.9">
              {t("quiz.result.fitsYou")}
            </Text>
            <FocusBadges
              focus={agency.matchedFocus}
              label={t("quiz.result.fitsYou")}
              color="teal"
              variant="light"
            />
          </Stack>
        )}
        {agency.excerpt && (
          <Text size="sm" c="gray.7" lineClamp={3}>
            {agency.excerpt}
          </Text>
        )}
        <Button component={Link} to={`/agency/${agency.login}`} variant="light" mt="auto">
          {t("quiz.result.openAgency")}
        </Button>
      </Stack>
    </Card>
  );
}
