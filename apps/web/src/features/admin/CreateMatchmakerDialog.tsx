import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { CreateMatchmakerBody, type Locale } from "@matchdesk/contract";
import { IconAlertCircle, IconMail } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { isLocale, SUPPORTED_LOCALES } from "../../i18n/locale";
import { applyServerErrors } from "../../lib/form-errors";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { useCreateMatchmaker } from "./useAdminUsers";

type MatchmakerInput = z.input<typeof CreateMatchmakerBody>;
const FIELDS = ["email", "firstName", "lastName", "locale"] as const;
const NAME_MAX = 100;
const LANGUAGE_KEY: Record<Locale, string> = { "en-US": "language.enUS", "ru-RU": "language.ruRU" };

type Props = { opened: boolean; onClose: () => void };

/** Creates a matchmaker account; the server e-mails them a welcome with a sign-in link. */
export function CreateMatchmakerDialog({ opened, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const create = useCreateMatchmaker();
  const [failure, setFailure] = useState<unknown>(null);
  const defaultLocale: Locale = isLocale(i18n.language) ? i18n.language : "ru-RU";
  const empty = { firstName: "", lastName: "", email: "", locale: defaultLocale };

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<MatchmakerInput, unknown, CreateMatchmakerBody>({
    resolver: zodResolver(CreateMatchmakerBody),
    defaultValues: empty,
  });

  const close = () => {
    reset(empty);
    setFailure(null);
    create.reset();
    onClose();
  };

  const submit = (values: CreateMatchmakerBody) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: (created) => {
        notifications.show({
          color: "teal",
          title: t("users.create.done", { name: `${created.firstName} ${created.lastName}`.trim() }),
          message: t("users.create.doneText", { email: created.email }),
        });
        close();
      },
      onError: (error) => {
        if (!applyServerErrors(error, setError, toMessage, FIELDS, { EMAIL_TAKEN: "email" }))
          setFailure(error);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t("users.create.title")} centered size="lg">
      <form noValidate onSubmit={handleSubmit(submit)}>
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconMail size={20} />}>
            {t("users.create.lead")}
          </Alert>
          {failure !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} />}
              title={t("users.create.failed")}
              role="alert"
            >
              {toMessage(failure)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("register.firstName")}
              required
              data-autofocus
              error={fieldError(errors.firstName, "validation.required", { max: NAME_MAX })}
              {...register("firstName")}
            />
            <TextInput
              label={t("register.lastName")}
              required
              error={fieldError(errors.lastName, "validation.required", { max: NAME_MAX })}
              {...register("lastName")}
            />
          </SimpleGrid>
          <TextInput
            label={t("login.email")}
            type="email"
            required
            error={fieldError(errors.email, "validation.email")}
            {...register("email")}
          />
          <NativeSelect
            label={t("users.create.language")}
            description={t("users.create.languageHint")}
            data={SUPPORTED_LOCALES.map((locale) => ({ value: locale, label: t(LANGUAGE_KEY[locale]) }))}
            {...register("locale")}
          />
          <Text size="xs" c="dimmed">
            {t("users.create.note")}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("users.create.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
