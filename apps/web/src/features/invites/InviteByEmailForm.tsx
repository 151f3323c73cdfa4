import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { CreateInviteBody, type Locale } from "@matchdesk/contract";
import { IconAlertCircle, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { isLocale, SUPPORTED_LOCALES } from "../../i18n/locale";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { useCreateInvite } from "./useMyInvite";

type InviteInput = z.input<typeof CreateInviteBody>;
const FIELDS = ["email", "firstName", "lastName", "locale"] as const;
const NAME_MAX = 100;
const LANGUAGE_KEY: Record<Locale, string> = { "en-US": "language.enUS", "ru-RU": "language.ruRU" };

/** Invitation by e-mail: creates the account and e-mails the invitation (a client, or a matchmaker for an admin). */
export function InviteByEmailForm({ isAdmin }: { isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const [failure, setFailure] = useState<unknown>(null);
  const defaultLocale: Locale = isLocale(i18n.language) ? i18n.language : "ru-RU";

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<InviteInput, unknown, CreateInviteBody>({
    resolver: zodResolver(CreateInviteBody),
    defaultValues: { firstName: "", lastName: "", email: "", locale: defaultLocale },
  });

  const invite = useCreateInvite();
  const send = (values: CreateInviteBody) => {
    setFailure(null);
    invite.mutate(values, {
      onSuccess: (created) => {
        notifications.show({ color: "teal", message: t("invites.sent", { email: created.email }) });
        reset({ firstName: "", lastName: "", email: "", locale: defaultLocale });
      },
      onError: (error) => {
        if (!applyServerErrors(error, setError, toMessage, FIELDS, { EMAIL_TAKEN: "email" }))
          setFailure(error);
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(send)}>
      <Stack gap="md">
        {failure !== null && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={20} />}
            title={t("invites.sendFailed")}
            role="alert"
          >
            {toMessage(failure)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("register.firstName")}
            autoComplete="off"
            required
            error={fieldError(errors.firstName, "validation.required", { max: NAME_MAX })}
            {...register("firstName")}
          />
          <TextInput
            label={t("register.lastName")}
            autoComplete="off"
            required
            error={fieldError(errors.lastName, "validation.required", { max: NAME_MAX })}
            {...register("lastName")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("login.email")}
            type="email"
            autoComplete="off"
            required
            error={fieldError(errors.email, "validation.email")}
            {...register("email")}
          />
          <NativeSelect
            label={t("invites.language")}
            data={SUPPORTED_LOCALES.map((locale) => ({ value: locale, label: t(LANGUAGE_KEY[locale]) }))}
            {...register("locale")}
          />
        </SimpleGrid>
        <Button
          type="submit"
          loading={invite.isPending}
          leftSection={<IconSend size={18} />}
          w={{ base: "100%", sm: "auto" }}
          style={{ alignSelf: "flex-start" }}
        >
          {isAdmin ? t("invites.sendMatchmaker") : t("invites.sendClient")}
        </Button>
      </Stack>
    </form>
  );
}
