import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconBuildingCommunity,
  IconHeart,
  IconLock,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "../../ui/usePageTitle";
import { PageIntro } from "./PageIntro";
import { Section } from "./Section";

const VALUES = [
  { id: "people", icon: IconHeart },
  { id: "privacy", icon: IconLock },
  { id: "together", icon: IconUsersGroup },
] as const;

const AUDIENCE = [
  { id: "matchmakers", icon: IconUser },
  { id: "agencies", icon: IconBuildingCommunity },
  { id: "clients", icon: IconUsers },
] as const;

export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t("publicNav.about"));
  const mission = t("about.mission.paragraphs", { returnObjects: true }) as unknown as string[];

  return (
    <>
      <PageIntro title={t("about.title")} lead={t("about.lead")} />

      <Section labelledBy="mission-title">
        <Container size="sm" px={0}>
          <Title order={2} id="mission-title" mb="lg">
            {t("about.mission.title")}
          </Title>
          <Stack gap="md">
            {mission.map((paragraph) => (
              <Text key={paragraph} size="lg" c="gray.7" lh={1.7}>
                {paragraph}
              </Text>
            ))}
          </Stack>
        </Container>
      </Section>

      <Section labelledBy="values-title" bg="gray.0">
        <Title order={2} id="values-title" mb={40} ta="center">
          {t("about.values.title")}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {VALUES.map((value) => (
            <Card key={value.id} component="article" shadow="xs">
              <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                <value.icon size={24} stroke={1.7} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={8}>
                {t(`about.values.items.${value.id}.title`)}
              </Title>
              <Text size="sm" c="gray.7" lh={1.6}>
                {t(`about.values.items.${value.id}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section labelledBy="audience-title">
        <Title order={2} id="audience-title" mb={40} ta="center">
          {t("about.audience.title")}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {AUDIENCE.map((item) => (
            <Group key={item.id} align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
                <item.icon size={20} />
              </ThemeIcon>
              <Stack gap={4}>
                <Title order={3} fz="md">
                  {t(`about.audience.items.${item.id}.title`)}
                </Title>
                <Text size="sm" c="gray.7">
                  {t(`about.audience.items.${item.id}.text`)}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Section>

      <Section labelledBy="about-cta-title" bg="rose.0">
        <Stack align="center" gap="md" ta="center">
          <Title order={2} id="about-cta-title">
            {t("about.cta.title")}
          </Title>
          <Group justify="center" gap="sm">
            <Button component={Link} to="/faq" size="md">
              {t("about.cta.faq")}
            </Button>
            <Button component={Link} to="/academy" size="md" variant="default">
              {t("about.cta.academy")}
            </Button>
          </Group>
        </Stack>
      </Section>
    </>
  );
}
