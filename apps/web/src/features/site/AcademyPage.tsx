import { Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { ACADEMY_COURSE } from "@matchdesk/contract";
import { IconCertificate, IconCheck, IconClock, IconCurrencyDollar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatUsd } from "../../lib/format-money";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { PageIntro } from "./PageIntro";
import { Section } from "./Section";

type Module = { title: string; text: string };

export function AcademyPage() {
  const { t, i18n } = useTranslation();
  // A visitor without an account applies first; a signed-in matchmaker enrols as before.
  const isVisitor = useAuth().user === null;
  usePageTitle(t("publicNav.academy"));
  const modules = t("academy.modules.items", { returnObjects: true }) as unknown as Module[];
  const audience = t("academy.audience.items", { returnObjects: true }) as unknown as string[];

  const facts = [
    { id: "duration", icon: IconClock, value: t("units.hours", { count: ACADEMY_COURSE.hours }) },
    { id: "price", icon: IconCurrencyDollar, value: formatUsd(ACADEMY_COURSE.priceUsd, i18n.language) },
    { id: "certificate", icon: IconCertificate, value: t("academy.facts.certificateValue") },
  ] as const;

  return (
    <>
      <PageIntro title={t("academy.title")} lead={t("academy.lead")}>
        <SimpleGrid
          component="dl"
          aria-label={t("academy.facts.label")}
          cols={{ base: 1, xs: 3 }}
          spacing="md"
          mt={40}
          maw={760}
          m={0}
        >
          {facts.map((fact) => (
            <Paper key={fact.id} withBorder p="lg" shadow="xs">
              <Group gap="md" wrap="nowrap">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                  <fact.icon size={22} />
                </ThemeIcon>
                <div>
                  <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
                    {t(`academy.facts.${fact.id}`)}
                  </Text>
                  <Text component="dd" m={0} fw={700} fz="lg" c="dark.8">
                    {fact.value}
                  </Text>
                </div>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </PageIntro>

      <Section labelledBy="modules-title">
        <Title order={2} id="modules-title" mb={40}>
          {t("academy.modules.title")}
        </Title>
        <SimpleGrid
          component="ol"
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="lg"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
        >
          {modules.map((module, index) => (
            <Card component="li" key={module.title} shadow="xs">
              <Text fw={700} c="rose.7" mb={6} aria-hidden>
                {String(index + 1).padStart(2, "0")}
              </Text>
              <Title order={3} fz="lg" mb={8}>
                {module.title}
              </Title>
              <Text size="sm" c="gray.7" lh={1.6}>
                {module.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section labelledBy="audience-title" bg="gray.0">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="md">
            <Title order={2} id="audience-title">
              {t("academy.audience.title")}
            </Title>
            <List
              spacing="sm"
              c="gray.7"
              icon={
                <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {audience.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Stack>
          <Paper withBorder p="xl" shadow="xs">
            <Group gap="md" mb="sm" wrap="nowrap">
              <ThemeIcon size={44} radius="md" aria-hidden>
                <IconCertificate size={24} />
              </ThemeIcon>
              <Title order={2} fz="h3">
                {t("academy.outcome.title")}
              </Title>
            </Group>
            <Text c="gray.7" lh={1.6}>
              {t("academy.outcome.text")}
            </Text>
          </Paper>
        </SimpleGrid>
      </Section>

      <Section labelledBy="academy-cta-title">
        <Stack align="center" ta="center" gap="md">
          <Title order={2} id="academy-cta-title">
            {t("academy.cta.title")}
          </Title>
          <Text c="gray.7" size="lg" maw={560}>
            {t(isVisitor ? "academy.cta.visitorText" : "academy.cta.text")}
          </Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to={isVisitor ? "/apply" : "/login"} size="md">
              {t(isVisitor ? "academy.cta.apply" : "academy.cta.primary")}
            </Button>
            <Button component={Link} to="/faq" size="md" variant="default">
              {t("academy.cta.secondary")}
            </Button>
          </Group>
        </Stack>
      </Section>
    </>
  );
}
