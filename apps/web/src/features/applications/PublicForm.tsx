import { Alert, Box, Button, Card, Container, Grid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertCircle, IconCheck } from "@tabler/icons-react";
import type { FormEvent, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PageIntro } from "../site/PageIntro";

// The honeypot sits off screen: people never see or fill it, form-filling bots do.
const honeypotStyle = {
  position: "absolute",
  left: "-10000px",
  width: 1,
  height: 1,
  overflow: "hidden",
} as const;

type PublicFormPageProps = {
  title: string;
  lead: string;
  formTitle: string;
  /** The text shown in place of the form once it is sent. */
  sentText: string | null;
  /** A refusal the server gave for the whole form (a conflict, a limit). */
  error: ReactNode;
  aside: ReactNode;
  honeypot: UseFormRegisterReturn;
  submitLabel: string;
  isSubmitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

/** The frame of the public apply and contact pages: intro band, form card and a side column. */
export function PublicFormPage(p: PublicFormPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={p.title} lead={p.lead} />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder padding="xl" component="section" aria-labelledby="public-form-title">
              <Stack gap="md">
                <Title order={2} fz="h3" id="public-form-title">
                  {p.formTitle}
                </Title>
                {p.sentText ? (
                  <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status">
                    {p.sentText}
                  </Alert>
                ) : (
                  <form onSubmit={p.onSubmit} noValidate>
                    <Stack gap="sm">
                      {p.error && (
                        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                          {p.error}
                        </Alert>
                      )}
                      {p.children}
                      <Box style={honeypotStyle} aria-hidden>
                        <TextInput
                          label={t("applications.honeypot")}
                          tabIndex={-1}
                          autoComplete="off"
                          {...p.honeypot}
                        />
                      </Box>
                      <Text size="xs" c="dimmed">
                        {t("applications.requiredNote")}
                      </Text>
                      <Button
                        type="submit"
                        size="md"
                        loading={p.isSubmitting}
                        w={{ base: "100%", sm: "auto" }}
                      >
                        {p.submitLabel}
                      </Button>
                    </Stack>
                  </form>
                )}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>{p.aside}</Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
