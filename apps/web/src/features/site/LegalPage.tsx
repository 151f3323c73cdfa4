import { Anchor, Box, Container, Grid, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../ui/usePageTitle";
import { PageIntro } from "./PageIntro";
import { useMarketingFacts } from "./useMarketingFacts";

type LegalPageProps = { page: "privacy" | "clientTerms" | "matcherTerms" };
type LegalSection = { title: string; body: string[] };

/** Privacy policy and terms: one layout, texts from the catalogs (`<page>.sections`). */
export function LegalPage({ page }: LegalPageProps) {
  const { t } = useTranslation();
  const facts = useMarketingFacts();
  const title = t(`${page}.title`);
  usePageTitle(title);
  const sections = t(`${page}.sections`, { ...facts, returnObjects: true }) as unknown as LegalSection[];
  const anchor = (index: number) => `section-${index + 1}`;

  return (
    <>
      <PageIntro title={title} lead={t(`${page}.lead`)} />
      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Grid gap={{ base: 32, md: 48 }}>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper component="nav" aria-labelledby="contents-title" withBorder p="lg" pos="sticky" top={88}>
              <Text id="contents-title" fw={600} size="sm" mb="sm">
                {t("legal.contents")}
              </Text>
              <List type="ordered" size="sm" spacing={6}>
                {sections.map((section, index) => (
                  <List.Item key={section.title}>
                    <Anchor href={`#${anchor(index)}`} size="sm" c="gray.7">
                      {section.title}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap={40}>
              {sections.map((section, index) => (
                <Box
                  component="section"
                  key={section.title}
                  id={anchor(index)}
                  aria-labelledby={`${anchor(index)}-title`}
                >
                  <Title order={2} fz="h3" mb="sm" id={`${anchor(index)}-title`}>
                    {index + 1}. {section.title}
                  </Title>
                  <Stack gap="sm">
                    {section.body.map((paragraph) => (
                      <Text key={paragraph} c="gray.7" lh={1.7}>
                        {paragraph}
                      </Text>
                    ))}
                  </Stack>
                </Box>
              ))}
              <Text
                size="sm"
                c="dimmed"
                pt="lg"
                style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
              >
                {t("legal.questions")}
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
