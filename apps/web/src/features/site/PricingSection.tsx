import {
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { AI_MATCH_PRICE, PLANS, SUBSCRIPTION_DAYS } from "@matchdesk/contract";
import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatUsd } from "../../lib/format-money";

const HIGHLIGHTED_PLAN = "gold";

/** Where a plan's button leads: a visitor applies as a matchmaker, a signed-in user signs in. */
type PricingSectionProps = { choosePath: (planId: string) => string };

/** Silver, Gold and Plus, built from the contract's PLANS and AI prices. */
export function PricingSection({ choosePath }: PricingSectionProps) {
  const { t, i18n } = useTranslation();
  const common = t("pricing.common", { returnObjects: true }) as unknown as string[];

  return (
    <Stack gap={40}>
      <Stack gap="sm" ta="center" align="center">
        <Title order={2} id="pricing-title">
          {t("pricing.title")}
        </Title>
        <Text c="dimmed" maw={620} size="lg">
          {t("pricing.lead")}
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLANS.map((plan) => {
          const isHighlighted = plan.id === HIGHLIGHTED_PLAN;
          const aiPrice = AI_MATCH_PRICE[plan.tier];
          const name = t(`pricing.plans.${plan.id}.name`);
          return (
            <Card
              key={plan.id}
              component="article"
              aria-labelledby={`plan-${plan.id}`}
              shadow={isHighlighted ? "lg" : "xs"}
              style={
                isHighlighted ? { borderColor: "var(--mantine-color-rose-6)", borderWidth: 2 } : undefined
              }
            >
              <Stack gap="lg" h="100%">
                <Group justify="space-between" align="center">
                  <Title order={3} id={`plan-${plan.id}`} fz="h3">
                    {name}
                  </Title>
                  {isHighlighted && (
                    <Badge variant="light" size="md">
                      {t("pricing.popular")}
                    </Badge>
                  )}
                </Group>
                <Text c="dimmed" size="sm" mih={40}>
                  {t(`pricing.plans.${plan.id}.description`)}
                </Text>
                <Group gap={6} align="baseline">
                  <Text component="span" fz={40} fw={700} lh={1} c="dark.8">
                    {formatUsd(plan.priceUsd, i18n.language)}
                  </Text>
                  <Text component="span" c="dimmed" size="sm">
                    {t("pricing.perMonth")}
                  </Text>
                </Group>
                <List spacing="xs" size="sm" icon={<CheckIcon />}>
                  <List.Item>
                    <Text span fw={600} size="sm">
                      {t("pricing.monthlyCredits", {
                        credits: t("units.credits", { count: plan.monthlyCredits }),
                      })}
                    </Text>
                  </List.Item>
                  <List.Item>
                    {t("pricing.aiPrice", { credits: t("units.credits", { count: aiPrice }) })}
                  </List.Item>
                  <List.Item>
                    {t("pricing.analyses", { count: Math.floor(plan.monthlyCredits / aiPrice) })}
                  </List.Item>
                </List>
                <Divider />
                <Box style={{ flex: 1 }}>
                  <Text size="xs" tt="uppercase" fw={600} c="dimmed" mb="xs" lts={0.5}>
                    {t("pricing.included")}
                  </Text>
                  <List spacing={6} size="sm" c="gray.7" icon={<CheckIcon muted />}>
                    {common.map((item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ))}
                  </List>
                </Box>
                <Button
                  component={Link}
                  to={choosePath(plan.id)}
                  variant={isHighlighted ? "filled" : "light"}
                  fullWidth
                  size="md"
                >
                  {t("pricing.choose", { plan: name })}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>

      <Text ta="center" size="sm" c="dimmed" maw={680} mx="auto">
        {t("pricing.note", {
          credits: t("units.credits", { count: AI_MATCH_PRICE.regular }),
          days: t("units.days", { count: SUBSCRIPTION_DAYS }),
        })}
      </Text>
    </Stack>
  );
}

function CheckIcon({ muted = false }: { muted?: boolean }) {
  return (
    <ThemeIcon size={20} radius="xl" variant={muted ? "default" : "light"} aria-hidden>
      <IconCheck size={13} stroke={2.5} />
    </ThemeIcon>
  );
}
