import { Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "../../ui/usePageTitle";
import { FaqList } from "./FaqList";
import { FAQ_ITEM_IDS } from "./faq-items";
import { PageIntro } from "./PageIntro";

export function FaqPage() {
  const { t } = useTranslation();
  usePageTitle(t("faq.title"));

  return (
    <>
      <PageIntro title={t("faq.title")} lead={t("faq.lead")} />
      <Container size="md" py={{ base: 40, md: 64 }}>
        <Stack gap={48}>
          <FaqList ids={FAQ_ITEM_IDS} headingOrder={2} />
          <Paper withBorder p="xl" bg="gray.0">
            <Stack gap="sm" align="flex-start">
              <Title order={2} fz="h3">
                {t("faq.moreTitle")}
              </Title>
              <Text c="gray.7">{t("faq.moreText")}</Text>
              <Button component={Link} to="/login" variant="light">
                {t("faq.moreAction")}
              </Button>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </>
  );
}
