import { Alert, Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { PLANS, type PlanId } from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useSetUserSubscription, useUserSubscription } from "./useCredits";

type Props = { opened: boolean; onClose: () => void; userId: string; name: string };
type Choice = "none" | "regular" | PlanId;

/** SPEC 2 users list "subscription dialog": an administrator sets a plan for 30 days from now, or ends it. */
export function SubscriptionDialog({ opened, onClose, userId, name }: Props) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const current = useUserSubscription(userId, opened);
  const set = useSetUserSubscription(userId);
  const [choice, setChoice] = useState<Choice | null>(null);
  const sub = current.data;
  const currentChoice: Choice = sub?.isActive ? (sub.plan ?? "regular") : "none";
  const selected = choice ?? currentChoice;

  const close = () => {
    setChoice(null);
    set.reset();
    onClose();
  };
  const save = () => {
    const body =
      selected === "none"
        ? { tier: null }
        : selected === "regular"
          ? { tier: "regular" as const }
          : { tier: PLANS.find((p) => p.id === selected)!.tier, plan: selected };
    set.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: t("credits.adminSubscription.done", { name }) });
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t("credits.adminSubscription.title", { name })} centered>
      <Stack gap="md">
        <Text size="sm" c="gray.7" aria-live="polite">
          {!sub
            ? t("common.loading")
            : sub.isActive
              ? t("credits.adminSubscription.current", {
                  tier: t(`credits.tiers.${sub.tier}`),
                  date: formatDateTime(sub.expiresAt),
                })
              : t("credits.adminSubscription.none")}
        </Text>
        {set.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            {toMessage(set.error)}
          </Alert>
        )}
        <Radio.Group
          label={t("credits.adminSubscription.choose")}
          description={t("credits.adminSubscription.hint")}
          value={selected}
          onChange={(value) => setChoice(value as Choice)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="none" label={t("credits.adminSubscription.noneOption")} />
            <Radio value="regular" label={t("credits.tiers.regular")} />
            {PLANS.map((plan) => (
              <Radio
                key={plan.id}
                value={plan.id}
                label={t("credits.adminSubscription.planOption", {
                  plan: t(`pricing.plans.${plan.id}.name`),
                  credits: t("units.credits", { count: plan.monthlyCredits }),
                })}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button onClick={save} loading={set.isPending} disabled={!sub}>
            {t("credits.adminSubscription.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
