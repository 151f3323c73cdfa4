import { Alert, Anchor, Divider, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmailLinkRequestForm } from "./EmailLinkRequestForm";

type Props = { message: string };

/** The error state of e-mail sign-in (SPEC 2): what went wrong, and a form to request a new link. */
export function EmailSignInFailure({ message }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz="h2">
          {t("emailSignIn.errorTitle")}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
          {message}
        </Alert>
      </Stack>
      <Divider label={t("emailSignIn.requestNew")} labelPosition="left" />
      <EmailLinkRequestForm submitLabel={t("emailSignIn.requestNewSubmit")} />
      <Text size="sm" c="dimmed" ta="center">
        <Anchor component={Link} to="/login">
          {t("emailSignIn.usePassword")}
        </Anchor>
      </Text>
    </Stack>
  );
}
