import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  CopyButton,
  Grid,
  Group,
  List,
  Progress,
  Rating,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { type AgencyPageView, RatingDimensions } from "@matchdesk/contract";
import {
  IconAlertCircle,
  IconBuildingStore,
  IconCheck,
  IconCopy,
  IconFileCertificate,
  IconMessage,
  IconRosetteDiscountCheck,
} from "@tabler/icons-react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatDate } from "../../lib/format-date";
import { queryClient } from "../../lib/query-client";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-store";
import { chatWithPath } from "../chat/chat-links";
import { JoinForm, RateForm, ReviewForm } from "./AgencyForms";
import { useCountryName } from "./CountrySelect";
import { FocusBadges } from "./FocusBadges";
import { recordView, useAgencyPage } from "./useMarketplace";

/** SPEC 2 /agency/{userId} (also by login): the public agency page. */
export function AgencyPage() {
  const { idOrLogin = "" } = useParams();
  // The public site has no query client of its own; this page brings it.
  return (
    <QueryClientProvider client={queryClient}>
      <Agency key={idOrLogin} idOrLogin={idOrLogin} />
    </QueryClientProvider>
  );
}

function Agency({ idOrLogin }: { idOrLogin: string }) {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const agency = useAgencyPage(idOrLogin);
  usePageTitle(agency.data?.agencyName ?? t("marketplace.directory.pageTitle"));
  const agencyId = agency.data?.userId;
  useEffect(() => {
    if (agencyId) recordView(agencyId);
  }, [agencyId]);

  if (agency.isPending) {
    return (
      <Container size="lg" py="xl">
        <Stack>
          <Skeleton h={120} radius="md" />
          <Skeleton h={320} radius="md" />
        </Stack>
      </Container>
    );
  }
  if (agency.isError) {
    const isNotFound = (agency.error as { status?: number }).status === 404;
    return (
      <Container size="sm" py={{ base: "lg", sm: 64 }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light" color={isNotFound ? "rose" : "red"} aria-hidden>
            {isNotFound ? (
              <IconBuildingStore size={38} stroke={1.5} />
            ) : (
              <IconAlertCircle size={38} stroke={1.5} />
            )}
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {isNotFound ? t("marketplace.agency.notFoundTitle") : t("marketplace.agency.loadFailed")}
          </Title>
          <Text c="gray.7">
            {isNotFound ? t("marketplace.agency.notFoundText") : toMessage(agency.error)}
          </Text>
          <Group>
            {!isNotFound && <Button onClick={() => void agency.refetch()}>{t("common.retry")}</Button>}
            <Button component={Link} to="/directory" variant="light">
              {t("marketplace.agency.backToDirectory")}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
  return <AgencyContent view={agency.data} />;
}

function AgencyContent({ view }: { view: AgencyPageView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const country = useCountryName();
  const place = [view.city, country(view.country)].filter(Boolean).join(", ");
  const canRate = user?.role === "INVITER" && user.id !== view.userId;
  // Matchmakers and admins talk to the agency in the app's chat.
  const canMessage = (user?.role === "INVITER" || user?.role === "ADMIN") && user.id !== view.userId;
  return (
    <Container size="lg" py={{ base: "lg", sm: 48 }}>
      <Stack gap="xl">
        <Anchor component={Link} to="/directory" size="sm">
          ← {t("marketplace.agency.backToDirectory")}
        </Anchor>
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Avatar src={view.logoUrl} alt="" size={96} radius="lg" color="rose" name={view.agencyName} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 26, sm: 36 }}>
              {view.agencyName}
            </Title>
            {place && <Text c="gray.7">{place}</Text>}
            <Group gap="xs">
              {view.isVerified && view.verifiedSince ? (
                <Badge
                  color="teal"
                  variant="light"
                  size="lg"
                  tt="none"
                  h="auto"
                  py={4}
                  styles={{ label: { whiteSpace: "normal", lineHeight: 1.35 } }}
                  leftSection={<IconRosetteDiscountCheck size={16} />}
                >
                  {t("marketplace.agency.verifiedSince", { year: view.verifiedSince })}
                </Badge>
              ) : (
                <Badge color="gray" variant="light" size="lg">
                  {t("marketplace.agency.notVerified")}
                </Badge>
              )}
              {view.rating.overall !== null && (
                <Group gap={6}>
                  <Rating value={view.rating.overall} fractions={10} readOnly size="sm" />
                  <Text size="sm" fw={600}>
                    {view.rating.overall.toFixed(1)}
                  </Text>
                </Group>
              )}
            </Group>
            {view.focus.length > 0 && (
              <FocusBadges focus={view.focus} label={t("marketplace.agency.focus")} />
            )}
            {view.contactName && (
              <Text size="sm" c="gray.7">
                {t("marketplace.agency.contact", { name: view.contactName })}
              </Text>
            )}
            {canMessage && (
              <Button
                component={Link}
                to={chatWithPath(view.userId)}
                variant="light"
                leftSection={<IconMessage size={18} />}
                w="fit-content"
              >
                {t("chat.message")}
              </Button>
            )}
          </Stack>
        </Group>

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl">
              <AgencyTabs view={view} />
              <RatingCard view={view} />
              <Stack gap="md" component="section" aria-labelledby="reviews-title">
                <Title order={2} fz="h3" id="reviews-title">
                  {t("marketplace.reviews.title")}
                </Title>
                {view.reviews.length === 0 ? (
                  <Text c="gray.7">{t("marketplace.reviews.empty")}</Text>
                ) : (
                  view.reviews.map((r) => (
                    <Card key={r.id} padding="md" withBorder component="article" data-testid="review">
                      <Group justify="space-between" mb={4}>
                        <Text fw={600}>{r.authorName}</Text>
                        <Text size="xs" c="dimmed">
                          {formatDate(r.createdAt)}
                        </Text>
                      </Group>
                      <Text style={{ whiteSpace: "pre-line" }}>{r.text}</Text>
                    </Card>
                  ))
                )}
                <ReviewForm agencyId={view.userId} />
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <JoinForm agencyId={view.userId} />
              {canRate && <RateForm agencyId={view.userId} initial={view.myRating} />}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function Paragraphs({ text }: { text: string | null }) {
  const { t } = useTranslation();
  if (!text) return <Text c="dimmed">{t("marketplace.agency.empty")}</Text>;
  return <Text style={{ whiteSpace: "pre-line" }}>{text}</Text>;
}

function AgencyTabs({ view }: { view: AgencyPageView }) {
  const { t, i18n } = useTranslation();
  const money = (value: number | null) =>
    value === null
      ? "—"
      : new Intl.NumberFormat(i18n.language, {
          style: "currency",
          currency: view.currency,
          maximumFractionDigits: 0,
        }).format(value);
  const yesNo = (v: boolean) => (v ? t("common.yes") : t("common.no"));
  const visitCard = `${window.location.origin}/agency/${view.login}`;
  const rows: [string, string][] = [
    [t("marketplace.agency.introductionPrice"), money(view.introductionPrice)],
    [t("marketplace.agency.turnkeyPrice"), money(view.turnkeyPrice)],
    [t("marketplace.agency.introductionFee"), money(view.introductionFee)],
    [t("marketplace.agency.payForIntroduction"), yesNo(view.payForIntroduction)],
    [t("marketplace.agency.clientToClientContract"), yesNo(view.clientToClientContract)],
    [t("marketplace.agency.acceptsFreeClients"), yesNo(view.acceptsFreeClients)],
  ];
  const facts: [string, string][] = [
    [
      t("marketplace.agency.experience"),
      view.experience ? t(`marketplace.experience.${view.experience}`) : "—",
    ],
    [t("marketplace.agency.clientBaseSize"), view.clientBaseSize?.toLocaleString(i18n.language) ?? "—"],
    [t("marketplace.agency.successfulCases"), view.successfulCases?.toLocaleString(i18n.language) ?? "—"],
  ];
  const table = (data: [string, string][]) => (
    <Table withRowBorders verticalSpacing="sm">
      <Table.Tbody>
        {data.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th fw={500} c="gray.7" w="60%">
              {label}
            </Table.Th>
            <Table.Td fw={600}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card padding="lg" withBorder>
      <Tabs defaultValue="services" aria-label={t("marketplace.agency.tabsLabel")}>
        <Tabs.List mb="md" style={{ overflowX: "auto", flexWrap: "nowrap" }}>
          {(["services", "prices", "link", "about", "certificates", "awards"] as const).map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`marketplace.agency.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="services">
          <Stack>
            <Paragraphs text={view.services} />
            {table(facts)}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="prices">{table(rows)}</Tabs.Panel>
        <Tabs.Panel value="link">
          <Stack gap="sm">
            <Text fw={600}>{t("marketplace.agency.visitCard")}</Text>
            <Group gap="xs" wrap="nowrap">
              <Anchor href={visitCard} style={{ wordBreak: "break-all" }}>
                {visitCard}
              </Anchor>
              <CopyButton value={visitCard}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  >
                    {copied ? t("marketplace.agency.copied") : t("marketplace.agency.copy")}
                  </Button>
                )}
              </CopyButton>
            </Group>
            {view.link && (
              <>
                <Text fw={600} mt="sm">
                  {t("marketplace.agency.website")}
                </Text>
                <Anchor
                  href={view.link}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  style={{ wordBreak: "break-all" }}
                >
                  {view.link}
                </Anchor>
              </>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="about">
          <Paragraphs text={view.about} />
        </Tabs.Panel>
        <Tabs.Panel value="certificates">
          {view.certificates.length === 0 ? (
            <Text c="dimmed">{t("marketplace.agency.noCertificates")}</Text>
          ) : (
            <List spacing="xs" icon={<IconFileCertificate size={18} />}>
              {view.certificates.map((c) => (
                <List.Item key={c.id}>
                  <Anchor
                    href={c.url}
                    target="_blank"
                    rel="noopener"
                    aria-label={t("marketplace.agency.openFile", { name: c.fileName })}
                  >
                    {c.fileName}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="awards">
          <Paragraphs text={view.awards} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}

function RatingCard({ view }: { view: AgencyPageView }) {
  const { t } = useTranslation();
  const r = view.rating;
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="rating-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="rating-title">
          {t("marketplace.rating.title")}
        </Title>
        {r.count === 0 ? (
          <Text c="gray.7">{t("marketplace.rating.none")}</Text>
        ) : (
          <>
            <Group gap="md" align="center">
              <Text fz={44} fw={700} lh={1}>
                {r.overall?.toFixed(1)}
              </Text>
              <Stack gap={2}>
                <Rating value={r.overall ?? 0} fractions={10} readOnly />
                <Text size="sm" c="gray.7">
                  {t("marketplace.rating.basedOn", { count: r.count })}
                </Text>
              </Stack>
            </Group>
            {RatingDimensions.filter((d) => d !== "overall").map((d) => (
              <Stack key={d} gap={2}>
                <Group justify="space-between">
                  <Text size="sm">{t(`marketplace.rating.${d}`)}</Text>
                  <Text size="sm" fw={600}>
                    {r[d]?.toFixed(1)}
                  </Text>
                </Group>
                <Progress
                  value={((r[d] ?? 0) / 5) * 100}
                  aria-label={t("marketplace.rating.starsLabel", {
                    dimension: t(`marketplace.rating.${d}`),
                    value: r[d],
                  })}
                />
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Card>
  );
}
