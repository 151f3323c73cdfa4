import { Alert, Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { PAYMENT_INSTRUCTIONS_MAX } from "@matchdesk/contract";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePaymentInstructions, useSetPaymentInstructions } from "./useCredits";

/** Admins: the bank details buyers of manual payment requests see after confirming a purchase. */
export function PaymentInstructionsCard() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const current = usePaymentInstructions();
  const save = useSetPaymentInstructions();
  // null: the saved text, untouched.
  const [draft, setDraft] = useState<string | null>(null);
  const saved = current.data?.text ?? "";
  const value = draft ?? saved;

  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="instructions-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="instructions-title">
          {t("credits.instructions.title")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("credits.instructions.lead")}
        </Text>
        {!current.data ? (
          current.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
              {toMessage(current.error)}
            </Alert>
          ) : (
            <Skeleton h={120} />
          )
        ) : (
          <>
            {!saved && (
              <Alert
                variant="light"
                color="orange"
                icon={<IconInfoCircle size={20} />}
                data-testid="instructions-not-set"
              >
                {t("credits.instructions.empty")}
              </Alert>
            )}
            <Textarea
              label={t("credits.instructions.label")}
              description={t("credits.instructions.hint", { max: PAYMENT_INSTRUCTIONS_MAX })}
              placeholder={t("credits.instructions.placeholder")}
              autosize
              minRows={4}
              maxRows={12}
              maxLength={PAYMENT_INSTRUCTIONS_MAX}
              value={value}
              onChange={(e) => setDraft(e.currentTarget.value)}
              error={save.isError ? toMessage(save.error) : undefined}
            />
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="gray.7">
                {current.data.updatedAt
                  ? t("credits.instructions.updated", { date: formatDateTime(current.data.updatedAt) })
                  : ""}
              </Text>
              <Button
                loading={save.isPending}
                disabled={value.trim() === saved}
                onClick={() =>
                  save.mutate(
                    { text: value },
                    {
                      onSuccess: () => {
                        setDraft(null);
                        notifications.show({ color: "teal", message: t("credits.instructions.saved") });
                      },
                    },
                  )
                }
              >
                {t("credits.instructions.save")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
