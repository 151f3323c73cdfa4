import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { EmailSignInRequestBody } from "@matchdesk/contract";
import { IconAlertCircle, IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { isLocale } from "../../i18n/locale";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { requestEmailLink } from "./auth-calls";

const EmailLinkForm = EmailSignInRequestBody.pick({ email: true });
type EmailLinkInput = z.input<typeof EmailLinkForm>;
type EmailLinkValues = z.output<typeof EmailLinkForm>;

type Props = { submitLabel?: string };

/**
 * SPEC 2 and 5: asks for a one-time sign-in link by e-mail (matchmakers only). The server answers
 * every address alike and tells a client or an administrator by e-mail that the link is for
 * matchmakers, so the text after sending never says whether an account exists or whose it is.
 */
export function EmailLinkRequestForm({ submitLabel }: Props) {
  const { t, i18n } = useTranslation();
  const toMessage = useErrorMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailLinkInput, unknown, EmailLinkValues>({
    resolver: zodResolver(EmailLinkForm),
    defaultValues: { email: "" },
  });

  const submit = async ({ email }: EmailLinkValues) => {
    setFailure(null);
    try {
      await requestEmailLink({ email, ...(isLocale(i18n.language) ? { locale: i18n.language } : {}) });
      setSentTo(email);
    } catch (error) {
      setFailure(error);
    }
  };

  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailCheck size={20} />}
          title={t("emailLink.sentTitle")}
          role="status"
        >
          {t("emailLink.sentTextAny", { email: sentTo })}
        </Alert>
        <Button variant="default" onClick={() => setSentTo(null)}>
          {t("emailLink.again")}
        </Button>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <Stack gap="md">
        {failure !== null && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={20} />}
            title={t("emailLink.failed")}
            role="alert"
          >
            {toMessage(failure)}
          </Alert>
        )}
        <TextInput
          label={t("login.email")}
          placeholder={t("login.emailPlaceholder")}
          description={t("emailLink.hint")}
          inputWrapperOrder={["label", "input", "description", "error"]}
          type="email"
          autoComplete="email"
          required
          size="md"
          error={errors.email ? t("validation.email") : undefined}
          {...register("email")}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          {submitLabel ?? t("emailLink.submit")}
        </Button>
      </Stack>
    </form>
  );
}
