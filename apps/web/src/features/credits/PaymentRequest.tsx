import { Alert, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { CREDIT_PACKS, type PaymentView, PLANS } from "@matchdesk/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatUsd } from "../../lib/format-money";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { useCancelPayment, usePaymentInstructions } from "./useCredits";

type T = (key: string, o?: Record<string, unknown>) => string;

/** What a payment buys, in the reader's language: "2,000 credits", "Silver plan, 30 days". */
export function productName(t: T, product: string) {
  const pack = CREDIT_PACKS.find((p) => p.id === product);
  if (pack) return t("units.credits", { count: pack.credits });
  const plan = PLANS.find((p) => `plan_${p.id}` === product);
  return plan ? t("credits.payments.plan", { plan: t(`pricing.plans.${plan.id}.name`) }) : product;
}

/**
 * A manual payment request as its buyer needs it to pay: the invoice number to quote, the amount
 * and the administrator's payment details (or what to do while there are none).
 */
export function PaymentRequestDetails({
  payment,
  instructions,
}: {
  payment: PaymentView;
  /** undefined while loading. */
  instructions: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap="md">
      <Text size="sm">{t("credits.purchase.requestedLead")}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Stack gap={2}>
          <Text size="xs" c="gray.7" fw={600}>
            {t("credits.purchase.invoiceNumber")}
          </Text>
          <Text fz="lg" fw={700} ff="monospace" data-testid="invoice-number">
            {payment.invoiceNumber}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="gray.7" fw={600}>
            {t("credits.purchase.amount")}
          </Text>
          <Text fz="lg" fw={700}>
            {formatUsd(payment.amountUsd, i18n.language)}
          </Text>
        </Stack>
      </SimpleGrid>
      <Text size="sm">
        <Text span fw={600}>
          {t("credits.purchase.item")}:
        </Text>{" "}
        {productName(t, payment.product)}
      </Text>
      <Stack gap={6} component="section" aria-labelledby={headingId}>
        <Title order={3} fz="md" id={headingId}>
          {t("credits.purchase.instructionsTitle")}
        </Title>
        {instructions === undefined ? (
          <Skeleton h={60} />
        ) : instructions ? (
          <Paper
            withBorder
            p="sm"
            bg="gray.0"
            data-testid="payment-instructions"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          >
            <Text size="sm">{instructions}</Text>
          </Paper>
        ) : (
          <Alert
            variant="light"
            color="blue"
            icon={<IconInfoCircle size={20} />}
            data-testid="payment-instructions-empty"
          >
            {t("credits.purchase.instructionsEmpty")}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}

/** The buttons under a pending request: withdraw it, or close. */
export function PaymentRequestActions({ payment, onDone }: { payment: PaymentView; onDone: () => void }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const cancel = useCancelPayment();
  return (
    <Group justify="flex-end" gap="sm" mt="lg">
      {payment.status === "pending" && (
        <Button
          variant="default"
          color="red"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(payment.id, {
              onSuccess: () => {
                notifications.show({
                  color: "teal",
                  message: t("credits.purchase.withdrawn", { number: payment.invoiceNumber }),
                });
                onDone();
              },
              onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
            })
          }
        >
          {t("credits.purchase.withdraw")}
        </Button>
      )}
      <Button onClick={onDone} data-autofocus>
        {t("credits.purchase.done")}
      </Button>
    </Group>
  );
}

/** "How to pay" for a request in the buyer's list: the same details as right after confirming. */
export function PaymentRequestDialog({
  payment,
  onClose,
}: {
  payment: PaymentView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const instructions = usePaymentInstructions(payment !== null);
  return (
    <Modal
      opened={payment !== null}
      onClose={onClose}
      title={payment ? t("credits.purchase.requestedTitle", { number: payment.invoiceNumber }) : ""}
      centered
      size="lg"
    >
      {payment && (
        <>
          <PaymentRequestDetails
            payment={payment}
            instructions={instructions.data?.text ?? (instructions.isError ? "" : undefined)}
          />
          <PaymentRequestActions payment={payment} onDone={onClose} />
        </>
      )}
    </Modal>
  );
}
