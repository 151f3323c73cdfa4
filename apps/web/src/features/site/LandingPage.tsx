import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconAddressBook,
  IconArrowRight,
  IconCertificate,
  IconCheck,
  IconHeartHandshake,
  IconInfoCircle,
  IconMessages,
  IconPhoto,
  IconSparkles,
  IconStars,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { PageLoader } from "../../ui/PageLoader";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { loginPath } from "../auth/redirect-target";
import { useFrontPageRedirect } from "../auth/useFrontPageRedirect";
import { CompatibilityPreview } from "./CompatibilityPreview";
import { FaqList } from "./FaqList";
import { LANDING_FAQ_IDS } from "./faq-items";
import { PricingSection } from "./PricingSection";
import { Section } from "./Section";
import { useMarketingFacts } from "./useMarketingFacts";

const FEATURES = [
  { id: "crm", icon: IconAddressBook },
  { id: "galleries", icon: IconPhoto },
  { id: "compatibility", icon: IconSparkles },
  { id: "introductions", icon: IconHeartHandshake },
  { id: "chat", icon: IconMessages },
  { id: "directory", icon: IconStars },
] as const;

type Step = { title: string; text: string };

export function LandingPage() {
  const { t } = useTranslation();
  const facts = useMarketingFacts();
  const [searchParams] = useSearchParams();
  const { hash, key } = useLocation();
  usePageTitle();
  const signedIn = useFrontPageRedirect(searchParams.get("redirect"));
  // A visitor has no account yet: the plans and the closing call lead to the application.
  const isVisitor = useAuth().user === null;

  const isSessionExpired = searchParams.get("sessionExpired") === "true";
  const signInPath = loginPath(searchParams.get("redirect"));
  const choosePath = (planId: string) => (isVisitor ? `/apply?plan=${planId}` : signInPath);
  const steps = t("landing.steps.items", { returnObjects: true }) as unknown as Step[];
  const list = (key: string) => t(key, { returnObjects: true }) as unknown as string[];

  // The page is loaded lazily, so the router's own scroll-to-hash can run before the target exists.
  useEffect(() => {
    if (hash && key) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, key]);

  if (signedIn.kind === "checking") return <PageLoader />;
  if (signedIn.kind === "redirect") return <Navigate to={signedIn.to} replace />;

  return (
    <>
      {isSessionExpired && (
        <Container size="lg" pt="lg">
          {/* A plain panel, not Mantine's Alert: the landing page's bundle stays smaller. */}
          <Paper
            role="status"
            bg="blue.0"
            p="md"
            radius="md"
            style={{ border: "1px solid var(--mantine-color-blue-2)" }}
          >
            <Group gap="sm" wrap="nowrap">
              <IconInfoCircle size={20} color="var(--mantine-color-blue-7)" aria-hidden />
              <Text size="sm" c="blue.9">
                {t("notices.sessionExpired")}
              </Text>
            </Group>
          </Paper>
        </Container>
      )}

      <Box
        component="section"
        aria-labelledby="hero-title"
        py={{ base: 48, md: 96 }}
        style={{
          background:
            "radial-gradient(1200px 480px at 85% 0%, var(--mantine-color-rose-0), transparent 70%), var(--mantine-color-white)",
        }}
      >
        <Container size="lg">
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing={{ base: 48, md: 64 }}
            style={{ alignItems: "center" }}
          >
            <Stack gap="lg">
              <Badge
                variant="light"
                size="lg"
                radius="sm"
                w="fit-content"
                maw="100%"
                h="auto"
                py={4}
                tt="none"
                fw={600}
                // Wraps on a phone instead of cutting the Russian line short.
                styles={{ label: { whiteSpace: "normal", lineHeight: 1.35, textAlign: "left" } }}
              >
                {t("landing.hero.eyebrow")}
              </Badge>
              <Title order={1} id="hero-title" fz={{ base: 34, sm: 44, md: 52 }} lh={1.1} lts={-1} c="dark.8">
                {t("landing.hero.title")}
              </Title>
              <Text size="lg" c="gray.7" lh={1.6}>
                {t("landing.hero.lead")}
              </Text>
              <Group gap="sm">
                <Button
                  component={Link}
                  to={signInPath}
                  size="lg"
                  rightSection={<IconArrowRight size={18} />}
                >
                  {t("landing.hero.primary")}
                </Button>
                <Button component={Link} to="/#pricing" size="lg" variant="default">
                  {t("landing.hero.secondary")}
                </Button>
                <Button component={Link} to="/quiz" size="lg" variant="subtle">
                  {t("nav.quiz")}
                </Button>
              </Group>
              <Group gap={8} wrap="nowrap">
                <ThemeIcon size={22} radius="xl" variant="light" color="teal" aria-hidden>
                  <IconCheck size={14} />
                </ThemeIcon>
                <Text size="sm" c="gray.7">
                  {t("landing.hero.note")}
                </Text>
              </Group>
            </Stack>
            <CompatibilityPreview />
          </SimpleGrid>
        </Container>
      </Box>

      <Section labelledBy="audiences-title" bg="gray.0">
        <Stack gap="sm" ta="center" align="center" mb={40}>
          <Title order={2} id="audiences-title">
            {t("landing.audiences.title")}
          </Title>
          <Text c="dimmed" size="lg" maw={620}>
            {t("landing.audiences.lead")}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {(["matchmakers", "clients"] as const).map((audience) => (
            <Card key={audience} component="article" aria-labelledby={`audience-${audience}`} shadow="xs">
              <Group gap="sm" mb="md">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                  {audience === "matchmakers" ? (
                    <IconUsersGroup size={22} />
                  ) : (
                    <IconHeartHandshake size={22} />
                  )}
                </ThemeIcon>
                <Title order={3} id={`audience-${audience}`} fz="h3">
                  {t(`landing.audiences.${audience}.title`)}
                </Title>
              </Group>
              <List
                spacing="sm"
                c="gray.7"
                icon={
                  <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                {list(`landing.audiences.${audience}.items`).map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="features" labelledBy="features-title">
        <Stack gap="sm" ta="center" align="center" mb={48}>
          <Title order={2} id="features-title">
            {t("landing.features.title")}
          </Title>
          <Text c="dimmed" size="lg" maw={640}>
            {t("landing.features.lead")}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Card key={feature.id} component="article" aria-labelledby={`feature-${feature.id}`} shadow="xs">
              <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                <feature.icon size={24} stroke={1.7} />
              </ThemeIcon>
              <Title order={3} id={`feature-${feature.id}`} fz="lg" mb={8}>
                {t(`landing.features.items.${feature.id}.title`)}
              </Title>
              <Text size="sm" c="gray.7" lh={1.6}>
                {t(`landing.features.items.${feature.id}.text`, facts)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section labelledBy="steps-title" bg="gray.0">
        <Title order={2} id="steps-title" ta="center" mb={48}>
          {t("landing.steps.title")}
        </Title>
        <SimpleGrid
          component="ol"
          cols={{ base: 1, md: 3 }}
          spacing="lg"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
        >
          {steps.map((step, index) => (
            <Paper component="li" key={step.title} p="xl" withBorder>
              <Text fz={32} fw={700} c="rose.7" lh={1} mb="md" aria-hidden>
                {index + 1}
              </Text>
              <Title order={3} fz="lg" mb={8}>
                {step.title}
              </Title>
              <Text size="sm" c="gray.7" lh={1.6}>
                {step.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="pricing" labelledBy="pricing-title">
        <PricingSection choosePath={choosePath} />
      </Section>

      <Section labelledBy="academy-title" bg="rose.0">
        <Paper p={{ base: "xl", md: 48 }} withBorder shadow="xs">
          <Group justify="space-between" align="center" gap="xl">
            <Group gap="lg" wrap="nowrap" align="flex-start" style={{ flex: "1 1 420px" }}>
              <ThemeIcon size={56} radius="md" aria-hidden visibleFrom="xs">
                <IconCertificate size={30} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={6}>
                <Text size="sm" fw={600} c="rose.8" tt="uppercase" lts={0.6}>
                  {t("landing.academy.eyebrow")}
                </Text>
                <Title order={2} id="academy-title" fz="h2">
                  {t("landing.academy.title")}
                </Title>
                <Text c="gray.7" maw={620}>
                  {t("landing.academy.text", facts)}
                </Text>
              </Stack>
            </Group>
            <Button
              component={Link}
              to="/academy"
              size="md"
              variant="light"
              rightSection={<IconArrowRight size={18} />}
            >
              {t("landing.academy.cta")}
            </Button>
          </Group>
        </Paper>
      </Section>

      <Section id="faq" labelledBy="faq-title">
        <Stack gap="xl" maw={820} mx="auto">
          <Title order={2} id="faq-title" ta="center">
            {t("landing.faq.title")}
          </Title>
          <FaqList ids={LANDING_FAQ_IDS} headingOrder={3} />
          <Anchor component={Link} to="/faq" ta="center" fw={600}>
            {t("landing.faq.all")}
          </Anchor>
        </Stack>
      </Section>

      <Section labelledBy="cta-title" bg="gray.0">
        <Stack align="center" ta="center" gap="md">
          <Title order={2} id="cta-title">
            {t("landing.cta.title")}
          </Title>
          <Text c="gray.7" size="lg" maw={560}>
            {t(isVisitor ? "landing.cta.visitorText" : "landing.cta.text")}
          </Text>
          <Group gap="sm" justify="center" mt="sm">
            <Button component={Link} to={isVisitor ? "/apply" : signInPath} size="lg">
              {t(isVisitor ? "landing.cta.apply" : "landing.cta.primary")}
            </Button>
            <Button component={Link} to="/#pricing" size="lg" variant="default">
              {t("landing.cta.secondary")}
            </Button>
          </Group>
        </Stack>
      </Section>
    </>
  );
}
