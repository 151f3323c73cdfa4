import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  AI_MATCH_PRICE,
  CREDIT_PACKS,
  type CreditTransactionView,
  type PaymentView,
  PLANS,
  type PlanId,
  SUBSCRIPTION_TIERS,
  type SubscriptionTier,
} from "@matchdesk/contract";
import { IconAlertCircle, IconCoins, IconInfoCircle, IconReceipt } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { formatDateTime } from "../../lib/format-date";
import { formatUsd } from "../../lib/format-money";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { PaymentInstructionsCard } from "./PaymentInstructionsCard";
import { PaymentRequestDialog, productName } from "./PaymentRequest";
import { type Purchase, PurchaseDialog } from "./PurchaseDialog";
import { daysLeft, tierChoice } from "./subscription-rules";
import { UsageChart } from "./UsageChart";
import { TYPE_COLOR } from "./usage-chart";
import {
  TRANSACTIONS_PAGE_SIZE,
  useCancelPayment,
  useCancelSubscription,
  useConfirmPayment,
  useCredits,
  useMyPayments,
  usePendingPayments,
  useSubscription,
  useTransactions,
} from "./useCredits";

/** SPEC 2 /admin/usage: balance, subscription, buying, the transaction history; for admins the marketplace's usage. */
export function UsagePage() {
  const { t } = useTranslation();
  const isAdmin = useAuth().user?.role === "ADMIN";
  const [searchParams] = useSearchParams();
  const returnedFromPayment = searchParams.has("payment") && !searchParams.has("cancelled");
  usePageTitle(t("nav.usage"));

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("credits.title")}
        </Title>
        <Text c="gray.7">{t("credits.lead")}</Text>
      </Stack>
      {returnedFromPayment && (
        <Alert color="teal" variant="light" icon={<IconInfoCircle size={20} />}>
          {t("credits.payments.returned")}
        </Alert>
      )}
      {isAdmin && (
        <>
          <UsageChart />
          <PaymentRequests />
          <PaymentInstructionsCard />
        </>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BalanceCard />
        <BuyCreditsCard />
      </SimpleGrid>
      <SubscriptionSection />
      <MyPayments />
      <HistorySection />
    </Stack>
  );
}

function BalanceCard() {
  const { t } = useTranslation();
  const credits = useCredits();
  const data = credits.data;
  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="balance-title">
      <Stack gap="xs">
        <Group gap="xs">
          <IconCoins size={20} color="var(--mantine-color-rose-6)" />
          <Title order={2} fz="h4" id="balance-title">
            {t("credits.balance.title")}
          </Title>
        </Group>
        {data ? (
          <>
            <Text fz={40} fw={700} lh={1.1} c="dark.8" data-testid="credits-balance">
              {t("units.credits", { count: data.balance })}
            </Text>
            {data.expiries.length > 0 ? (
              <Stack gap={2} data-testid="credits-expiries">
                <Text size="sm" c="gray.7">
                  {t("credits.balance.expiringTitle", { count: data.expiring })}
                </Text>
                <Stack component="ul" gap={0} m={0} pl="md">
                  {data.expiries.map((e) => (
                    <Text component="li" size="sm" c="gray.7" key={e.expiresAt}>
                      {t("credits.balance.expiringLine", {
                        credits: t("units.credits", { count: e.amount }),
                        date: formatDateTime(e.expiresAt),
                      })}
                    </Text>
                  ))}
                </Stack>
              </Stack>
            ) : (
              <Text size="sm" c="gray.7">
                {t("credits.balance.noExpiry")}
              </Text>
            )}
            {data.balance === 0 && (
              <Text size="sm" c="red.8">
                {t("errors.NO_CREDITS")}
              </Text>
            )}
          </>
        ) : (
          <Skeleton h={44} w={200} />
        )}
      </Stack>
    </Card>
  );
}

function BuyCreditsCard() {
  const { t, i18n } = useTranslation();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="buy-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="buy-title">
          {t("credits.buy.title")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("credits.buy.lead", { price: AI_MATCH_PRICE.regular })}
        </Text>
        <Group gap="sm">
          {CREDIT_PACKS.map((pack) => (
            <Button
              key={pack.id}
              variant="light"
              onClick={() =>
                setPurchase({
                  kind: "pack",
                  product: pack.id,
                  credits: pack.credits,
                  priceUsd: pack.priceUsd,
                })
              }
            >
              {t("credits.buy.pack", {
                credits: t("units.credits", { count: pack.credits }),
                price: formatUsd(pack.priceUsd, i18n.language),
              })}
            </Button>
          ))}
        </Group>
      </Stack>
      <PurchaseDialog purchase={purchase} replacesTier={null} onClose={() => setPurchase(null)} />
    </Card>
  );
}

type Offer = {
  key: "regular" | PlanId;
  tier: SubscriptionTier;
  plan: PlanId | undefined;
  credits: number;
  priceUsd: number;
};
const OFFERS: Offer[] = [
  { key: "regular", tier: "regular", plan: undefined, ...SUBSCRIPTION_TIERS.regular, credits: 0 },
  ...PLANS.map((p) => ({
    key: p.id,
    tier: p.tier,
    plan: p.id,
    credits: p.monthlyCredits,
    priceUsd: p.priceUsd,
  })),
];

function SubscriptionSection() {
  const { t, i18n } = useTranslation();
  const toMessage = useErrorMessage();
  const subscription = useSubscription();
  const cancel = useCancelSubscription();
  const [isConfirming, setConfirming] = useState(false);
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const sub = subscription.data;
  const isUpdate = Boolean(sub?.isActive);

  const buy = (offer: Offer) =>
    setPurchase({
      kind: "plan",
      tier: offer.tier,
      plan: offer.plan,
      credits: offer.credits,
      priceUsd: offer.priceUsd,
    });

  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="subscription-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={2} fz="h4" id="subscription-title">
              {t("credits.subscription.title")}
            </Title>
            <Text size="sm" c="gray.7" data-testid="subscription-status">
              {!sub
                ? t("common.loading")
                : sub.isActive
                  ? t("credits.subscription.active", {
                      tier: t(`credits.tiers.${sub.tier}`),
                      date: formatDateTime(sub.expiresAt),
                      days: t("units.days", { count: daysLeft(sub.expiresAt) }),
                    })
                  : t("credits.subscription.inactive", { tier: t(`credits.tiers.${sub.tier}`) })}
            </Text>
          </Stack>
          {sub?.isActive && (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              {t("credits.subscription.cancel")}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {OFFERS.map((offer) => {
            const choice = tierChoice(sub, offer.tier);
            const isCurrent = choice === "current" && (sub?.plan ?? "regular") === offer.key;
            return (
              <Card key={offer.key} withBorder padding="md" radius="md" data-testid={`offer-${offer.key}`}>
                <Stack gap={6} h="100%">
                  <Group justify="space-between" gap="xs">
                    <Text fw={700}>{offerName(t, offer)}</Text>
                    {isCurrent && (
                      <Badge color="teal" variant="light" tt="none">
                        {t("credits.subscription.current")}
                      </Badge>
                    )}
                  </Group>
                  <Text fz={24} fw={700} lh={1.2}>
                    {offer.priceUsd > 0
                      ? formatUsd(offer.priceUsd, i18n.language)
                      : t("credits.subscription.free")}
                    {offer.priceUsd > 0 && (
                      <Text span size="sm" c="dimmed" fw={400}>
                        {" "}
                        {t("pricing.perMonth")}
                      </Text>
                    )}
                  </Text>
                  <Text size="sm">
                    {offer.credits > 0
                      ? t("credits.subscription.monthly", {
                          credits: t("units.credits", { count: offer.credits }),
                        })
                      : t("credits.subscription.noMonthly")}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                    {t("credits.subscription.aiPrice", {
                      credits: t("units.credits", { count: AI_MATCH_PRICE[offer.tier] }),
                    })}
                  </Text>
                  {choice === "blockedByGold" && (
                    <Text size="xs" c="dimmed">
                      {t("errors.SUBSCRIPTION_GOLD_ACTIVE")}
                    </Text>
                  )}
                  <Button
                    mt="xs"
                    variant={choice === "available" ? "filled" : "default"}
                    disabled={!sub || choice !== "available"}
                    onClick={() => buy(offer)}
                  >
                    {choice === "current"
                      ? t("credits.subscription.tierActive")
                      : choice === "blockedByGold"
                        ? t("credits.subscription.goldActive")
                        : isUpdate
                          ? t("credits.subscription.switch")
                          : t("credits.subscription.buy")}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
      <PurchaseDialog
        purchase={purchase}
        replacesTier={sub?.isActive ? sub.tier : null}
        onClose={() => setPurchase(null)}
      />
      <ConfirmDialog
        opened={isConfirming}
        title={t("credits.subscription.cancelTitle")}
        message={t("credits.subscription.cancelText")}
        confirmLabel={t("credits.subscription.cancelConfirm")}
        isPending={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () =>
              notifications.show({ color: "teal", message: t("credits.subscription.cancelled") }),
            onError: (error) =>
              notifications.show({
                color: "red",
                title: t("credits.subscription.cancelFailed"),
                message: toMessage(error),
              }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}

function offerName(t: (key: string) => string, offer: Offer) {
  return offer.plan ? t(`pricing.plans.${offer.plan}.name`) : t("credits.tiers.regular");
}

const STATUS_COLOR = { pending: "orange", paid: "teal", cancelled: "gray" } as const;

/** The buyer's latest payment requests with their invoice numbers; a pending one shows how to pay. */
function MyPayments() {
  const { t, i18n } = useTranslation();
  const payments = useMyPayments();
  const [shown, setShown] = useState<PaymentView | null>(null);
  const items = payments.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="payments-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="payments-title">
          {t("credits.payments.mineTitle")}
        </Title>
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: "none" }} data-testid="my-payments">
          {items.map((payment) => (
            <Group
              component="li"
              key={payment.id}
              justify="space-between"
              gap="sm"
              wrap="wrap"
              py="xs"
              style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
            >
              <Stack gap={2} miw={0}>
                <Group gap={8}>
                  <Text fw={700} size="sm" ff="monospace">
                    {payment.invoiceNumber}
                  </Text>
                  <Badge variant="light" color={STATUS_COLOR[payment.status]} tt="none">
                    {t(`credits.payments.status.${payment.status}`)}
                  </Badge>
                </Group>
                <Text size="sm">
                  {productName(t, payment.product)} · {formatUsd(payment.amountUsd, i18n.language)}
                </Text>
                <Text size="xs" c="gray.7">
                  {payment.status === "pending"
                    ? `${payment.url ? t("credits.payments.awaitingProvider") : t("credits.payments.awaitingAdmin")} · `
                    : ""}
                  {formatDateTime(payment.paidAt ?? payment.createdAt)}
                </Text>
              </Stack>
              {payment.status === "pending" &&
                (payment.url ? (
                  <Button size="xs" component="a" href={payment.url}>
                    {t("credits.payments.continue")}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setShown(payment)}
                    aria-label={t("credits.payments.howToPayFor", { number: payment.invoiceNumber })}
                  >
                    {t("credits.payments.howToPay")}
                  </Button>
                ))}
            </Group>
          ))}
        </Stack>
      </Stack>
      <PaymentRequestDialog payment={shown} onClose={() => setShown(null)} />
    </Card>
  );
}

function HistorySection() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const [page, setPage] = useState(1);
  const history = useTransactions(page);
  const data = history.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / TRANSACTIONS_PAGE_SIZE)) : 1;
  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="history-title">
      <Stack gap="md">
        <Title order={2} fz="h4" id="history-title">
          {t("credits.history.title")}
        </Title>
        {history.isError && !data ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            {toMessage(history.error)}
          </Alert>
        ) : !data ? (
          <Skeleton h={120} />
        ) : data.items.length === 0 ? (
          <EmptyState
            icon={<IconReceipt size={28} />}
            variant="light"
            title={t("credits.history.emptyTitle")}
            description={t("credits.history.emptyText")}
          />
        ) : (
          <>
            <Stack
              gap={0}
              hiddenFrom="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: "none" }}
              data-testid="credit-history-list"
            >
              {data.items.map((row) => (
                <HistoryItem key={row.id} row={row} />
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={640} visibleFrom="sm">
              <Table verticalSpacing="sm" striped highlightOnHover data-testid="credit-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("credits.history.date")}</Table.Th>
                    <Table.Th>{t("credits.history.type")}</Table.Th>
                    <Table.Th>{t("credits.history.description")}</Table.Th>
                    <Table.Th ta="right">{t("credits.history.amount")}</Table.Th>
                    <Table.Th>{t("credits.history.expires")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((row) => (
                    <HistoryRow key={row.id} row={row} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pageCount > 1 && (
              <Group justify="center">
                <Pagination total={pageCount} value={page} onChange={setPage} />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

const signed = (amount: number, locale: string) =>
  new Intl.NumberFormat(locale, { signDisplay: "always" }).format(amount);

/** The phone's form of a history row. */
function HistoryItem({ row }: { row: CreditTransactionView }) {
  const { t, i18n } = useTranslation();
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="sm"
      style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
    >
      <Stack gap={4} miw={0}>
        <Group gap={6}>
          <Badge variant="light" color={TYPE_COLOR[row.type]} tt="none" miw="max-content">
            {t(`credits.types.${row.type}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDateTime(row.createdAt)}
          </Text>
        </Group>
        <Text size="sm">{row.description || t(`credits.describe.${row.type}`)}</Text>
        {row.expiresAt && (
          <Text size="xs" c="dimmed">
            {t("credits.history.expiresOn", { date: formatDateTime(row.expiresAt) })}
          </Text>
        )}
      </Stack>
      <Text fw={700} c={row.amount < 0 ? "red.9" : "teal.9"} style={{ whiteSpace: "nowrap" }}>
        {signed(row.amount, i18n.language)}
      </Text>
    </Group>
  );
}

function HistoryRow({ row }: { row: CreditTransactionView }) {
  const { t, i18n } = useTranslation();
  const amount = signed(row.amount, i18n.language);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(row.createdAt)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={TYPE_COLOR[row.type]} tt="none" miw="max-content">
          {t(`credits.types.${row.type}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{row.description || t(`credits.describe.${row.type}`)}</Table.Td>
      <Table.Td ta="right" fw={600} c={row.amount < 0 ? "red.9" : "teal.9"} style={{ whiteSpace: "nowrap" }}>
        {amount}
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {row.expiresAt ? formatDateTime(row.expiresAt) : "—"}
      </Table.Td>
    </Table.Tr>
  );
}

function PaymentRequests() {
  const { t, i18n } = useTranslation();
  const toMessage = useErrorMessage();
  const pending = usePendingPayments(true);
  const confirm = useConfirmPayment();
  const cancel = useCancelPayment();
  const items = pending.data?.items ?? [];
  return (
    <Card shadow="xs" padding="lg" component="section" aria-labelledby="requests-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="requests-title">
          {t("credits.payments.requestsTitle")}
        </Title>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("credits.payments.requestsEmpty")}
          </Text>
        ) : (
          items.map((payment) => (
            <Group
              key={payment.id}
              justify="space-between"
              gap="sm"
              wrap="wrap"
              data-testid={`payment-request-${payment.userEmail}`}
            >
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  <Text span ff="monospace" fw={700}>
                    {payment.invoiceNumber}
                  </Text>{" "}
                  · {payment.userEmail} · {productName(t, payment.product)} ·{" "}
                  {formatUsd(payment.amountUsd, i18n.language)}
                </Text>
                <Text size="xs" c="gray.7">
                  {t(`credits.payments.provider.${payment.provider}`)} · {formatDateTime(payment.createdAt)}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  loading={cancel.isPending && cancel.variables === payment.id}
                  aria-label={t("credits.payments.cancelFor", { number: payment.invoiceNumber })}
                  onClick={() =>
                    cancel.mutate(payment.id, {
                      onSuccess: () =>
                        notifications.show({
                          color: "teal",
                          message: t("credits.purchase.withdrawn", { number: payment.invoiceNumber }),
                        }),
                      onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
                    })
                  }
                >
                  {t("credits.payments.cancel")}
                </Button>
                {payment.provider === "manual" && (
                  <Button
                    size="xs"
                    loading={confirm.isPending && confirm.variables === payment.id}
                    onClick={() =>
                      confirm.mutate(payment.id, {
                        onSuccess: () =>
                          notifications.show({ color: "teal", message: t("credits.payments.confirmed") }),
                        onError: (error) => notifications.show({ color: "red", message: toMessage(error) }),
                      })
                    }
                  >
                    {t("credits.payments.confirm")}
                  </Button>
                )}
              </Group>
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}
