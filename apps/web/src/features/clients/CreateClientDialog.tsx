import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { CONTACT_REQUIRED_MESSAGE, CreateClientBody, Gender } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { applyServerErrors } from "../../lib/form-errors";
import { clientPath } from "../../lib/paths";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useFieldError } from "../../lib/useFieldError";
import { useAuth } from "../auth/auth-store";
import { enumLabel } from "../profile/field-format";
import { resendInvite, useCreateClient, useMatchmakers } from "./useClients";

type ClientInput = z.input<typeof CreateClientBody>;
const FIELDS = ["email", "firstName", "lastName", "phone", "gender", "matchmakerId"] as const;
const NAME_MAX = 100;
const EMPTY: ClientInput = { firstName: "", lastName: "" };

// Optional fields left empty are sent absent, as the API wants them.
const emptyToUndefined = (value: string) => (value.trim() === "" ? undefined : value);

type Props = { opened: boolean; onClose: () => void };

/**
 * POST /api/clients: a client the matchmaker creates directly, then fills in; an invitation e-mail
 * goes out only when asked. Admins choose whose client it is.
 */
export function CreateClientDialog({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const isAdmin = useAuth().user?.role === "ADMIN";
  const create = useCreateClient();
  const [failure, setFailure] = useState<unknown>(null);
  const [sendInvite, setSendInvite] = useState(false);
  const [matchmakerSearch, setMatchmakerSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(matchmakerSearch, 300);
  const matchmakers = useMatchmakers(debouncedSearch, opened && isAdmin);

  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<ClientInput, unknown, CreateClientBody>({
    resolver: zodResolver(CreateClientBody),
    defaultValues: EMPTY,
  });

  // The invitation is e-mailed: without an address it waits until one is added on the client's page.
  const hasEmail = (watch("email") ?? "").trim() !== "";
  const contactError = (error: typeof errors.email, key: string) =>
    error?.message === CONTACT_REQUIRED_MESSAGE
      ? t("clients.create.contactRequired")
      : fieldError(error, key);

  const close = () => {
    reset(EMPTY);
    setFailure(null);
    setSendInvite(false);
    create.reset();
    onClose();
  };

  const submit = (values: CreateClientBody) => {
    setFailure(null);
    if (isAdmin && !values.matchmakerId) {
      setError("matchmakerId", { type: "required" });
      return;
    }
    create.mutate(
      { ...values, matchmakerId: isAdmin ? values.matchmakerId : undefined },
      {
        onSuccess: async (created) => {
          const name = `${created.firstName} ${created.lastName}`.trim();
          let invitation: unknown = null;
          const invites = sendInvite && created.email !== null;
          if (invites) {
            await resendInvite(created.id).catch((error: unknown) => {
              invitation = error;
            });
          }
          notifications.show({
            color: "teal",
            title: t("clients.create.done", { name }),
            message:
              invites && invitation === null
                ? t("clients.create.invited", { email: created.email })
                : undefined,
          });
          if (invitation !== null) {
            notifications.show({
              color: "red",
              title: t("clients.failed.resendInvite"),
              message: toMessage(invitation),
            });
          }
          close();
          await navigate(clientPath(created.id));
        },
        onError: (error) => {
          if (
            !applyServerErrors(error, setError, toMessage, FIELDS, {
              EMAIL_TAKEN: "email",
              MATCHMAKER_REQUIRED: "matchmakerId",
            })
          )
            setFailure(error);
        },
      },
    );
  };

  const matchmakerOptions =
    matchmakers.data?.items.map((user) => ({
      value: user.id,
      label: user.agencyName
        ? `${user.firstName} ${user.lastName} · ${user.agencyName}`
        : `${user.firstName} ${user.lastName}`,
    })) ?? [];

  return (
    <Modal opened={opened} onClose={close} title={t("clients.create.title")} centered size="lg">
      <form noValidate onSubmit={handleSubmit(submit)}>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t("clients.create.lead")}
          </Text>
          {failure !== null && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} />}
              title={t("clients.create.failed")}
              role="alert"
            >
              {toMessage(failure)}
            </Alert>
          )}
          {isAdmin && (
            <Controller
              control={control}
              name="matchmakerId"
              render={({ field }) => (
                <Select
                  label={t("clients.create.matchmaker")}
                  placeholder={t("clients.create.matchmakerPlaceholder")}
                  required
                  searchable
                  searchValue={matchmakerSearch}
                  onSearchChange={setMatchmakerSearch}
                  filter={({ options }) => options}
                  nothingFoundMessage={
                    matchmakers.isFetching ? t("common.loading") : t("clients.create.noMatchmakers")
                  }
                  data={matchmakerOptions}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  error={
                    errors.matchmakerId?.type === "server"
                      ? errors.matchmakerId.message
                      : errors.matchmakerId
                        ? t("errors.MATCHMAKER_REQUIRED")
                        : undefined
                  }
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("profile.fields.firstName")}
              required
              data-autofocus
              error={fieldError(errors.firstName, "validation.required", { max: NAME_MAX })}
              {...register("firstName")}
            />
            <TextInput
              label={t("profile.fields.lastName")}
              required
              error={fieldError(errors.lastName, "validation.required", { max: NAME_MAX })}
              {...register("lastName")}
            />
          </SimpleGrid>
          <Text size="sm" c="gray.7" id="client-contact-hint">
            {t("clients.create.contactHint")}
          </Text>
          <TextInput
            label={t("login.email")}
            type="email"
            aria-describedby="client-contact-hint"
            error={contactError(errors.email, "validation.email")}
            {...register("email", { setValueAs: emptyToUndefined })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t("profile.fields.phone")}
              type="tel"
              autoComplete="off"
              aria-describedby="client-contact-hint"
              error={contactError(errors.phone, "profile.errors.phone")}
              {...register("phone", { setValueAs: emptyToUndefined })}
            />
            <NativeSelect
              label={t("profile.fields.gender")}
              data={[
                { value: "", label: t("profile.editor.choose") },
                ...Gender.options.map((value) => ({ value, label: enumLabel(t, "Gender", value) })),
              ]}
              {...register("gender", { setValueAs: emptyToUndefined })}
            />
          </SimpleGrid>
          <Checkbox
            checked={sendInvite && hasEmail}
            disabled={!hasEmail}
            onChange={(event) => setSendInvite(event.currentTarget.checked)}
            label={t("clients.create.sendInvite")}
            description={
              hasEmail ? t("clients.create.sendInviteHint") : t("clients.create.sendInviteNoEmail")
            }
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("clients.create.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
