import { Alert, Button, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  AI_MATCH_PRICE,
  type PaymentView,
  type PlanId,
  type ProductId,
  SUBSCRIPTION_DAYS,
  type SubscriptionTier,
} from "@matchdesk/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format-date";
import { formatUsd } from "../../lib/format-money";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { PaymentRequestActions, PaymentRequestDetails } from "./PaymentRequest";
import { useCheckout, usePurchaseSubscription } from "./useCredits";

const DAY_MS = 86_400_000;

/** What the buyer is about to buy: a credit pack, or a subscription tier (a plan, or the free one). */
export type Purchase =
  | { kind: "pack"; product: ProductId; credits: number; priceUsd: number }
  | { kind: "plan"; tier: SubscriptionTier; plan: PlanId | undefined; credits: number; priceUsd: number };

type Props = {
  purchase: Purchase | null;
  /** The tier the buyer has now, when a plan would replace it. */
  replacesTier: SubscriptionTier | null;
  onClose: () => void;
};

/**
 * Issue 17: nothing is requested in one click. The buyer sees what they buy, its price and what it
 * grants (credits and their expiry) and confirms; a manual request then shows its invoice number
 * and how to pay, and can be withdrawn there. A provider's checkout page opens instead when there is one.
 */
export function PurchaseDialog({ purchase, replacesTier, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const toMessage = useErrorMessage();
  const checkout = useCheckout();
  const subscribe = usePurchaseSubscription();
  const [request, setRequest] = useState<{ payment: PaymentView; instructions: string } | null>(null);
  // What the dialog shows while it closes, after the parent has let go of it.
  const shown = useRef(purchase);
  if (purchase) shown.current = purchase;
  const item = shown.current;
  const mutation = item?.kind === "pack" ? checkout : subscribe;

  const close = () => {
    checkout.reset();
    subscribe.reset();
    setRequest(null);
    onClose();
  };
  const opened = (payment: PaymentView | null, instructions: string | null) => {
    if (!payment) {
      notifications.show({ color: "teal", message: t("credits.subscription.started") });
      close();
    } else if (payment.url) {
      window.location.assign(payment.url);
    } else {
      setRequest({ payment, instructions: instructions ?? "" });
    }
  };
  const confirm = () => {
    if (!item) return;
    if (item.kind === "pack") {
      checkout.mutate(item.product, { onSuccess: (r) => opened(r.payment, r.instructions) });
    } else {
      subscribe.mutate(
        { tier: item.tier, ...(item.plan && { plan: item.plan }) },
        { onSuccess: (r) => opened(r.payment, r.instructions) },
      );
    }
  };

  const name = !item
    ? ""
    : item.kind === "pack"
      ? t("credits.purchase.packName", { credits: t("units.credits", { count: item.credits }) })
      : item.plan
        ? t("credits.payments.plan", { plan: t(`pricing.plans.${item.plan}.name`) })
        : t("credits.tiers.regular");
  const grants = !item
    ? ""
    : item.kind === "pack"
      ? t("credits.purchase.packGrants", { credits: t("units.credits", { count: item.credits }) })
      : item.credits > 0
        ? t("credits.purchase.planGrants", {
            credits: t("units.credits", { count: item.credits }),
            days: t("units.days", { count: SUBSCRIPTION_DAYS }),
            date: formatDate(Date.now() + SUBSCRIPTION_DAYS * DAY_MS),
          })
        : t("credits.subscription.noMonthly");
  const aiPrice =
    item?.kind === "plan"
      ? t("credits.subscription.aiPrice", {
          credits: t("units.credits", { count: AI_MATCH_PRICE[item.tier] }),
        })
      : null;

  return (
    <Modal
      opened={purchase !== null}
      onClose={close}
      title={
        request
          ? t("credits.purchase.requestedTitle", { number: request.payment.invoiceNumber })
          : t("credits.purchase.title")
      }
      centered
      size="lg"
    >
      {request ? (
        <>
          <PaymentRequestDetails payment={request.payment} instructions={request.instructions} />
          <PaymentRequestActions payment={request.payment} onDone={close} />
        </>
      ) : (
        item && (
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              {t("credits.purchase.lead")}
            </Text>
            <Table variant="vertical" layout="fixed" withTableBorder data-testid="purchase-summary">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={{ base: 110, xs: 160 }}>{t("credits.purchase.item")}</Table.Th>
                  <Table.Td>{name}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t("credits.purchase.price")}</Table.Th>
                  <Table.Td fw={700}>
                    {item.priceUsd > 0
                      ? formatUsd(item.priceUsd, i18n.language)
                      : t("credits.subscription.free")}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t("credits.purchase.grants")}</Table.Th>
                  <Table.Td>
                    <Stack gap={4}>
                      <Text size="sm">{grants}</Text>
                      {aiPrice && <Text size="sm">{aiPrice}</Text>}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {item.kind === "plan" && replacesTier && (
              <Text size="sm" c="gray.7">
                {t("credits.purchase.replaces", { tier: t(`credits.tiers.${replacesTier}`) })}
              </Text>
            )}
            {item.priceUsd > 0 && (
              <Text size="sm" c="gray.7">
                {t("credits.purchase.next")}
              </Text>
            )}
            {mutation.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
                {toMessage(mutation.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button onClick={confirm} loading={mutation.isPending} data-autofocus>
                {item.priceUsd > 0 ? t("credits.purchase.confirm") : t("credits.purchase.confirmFree")}
              </Button>
            </Group>
          </Stack>
        )
      )}
    </Modal>
  );
}
