import { Badge, Box, Group, List, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconInfoCircle, IconSparkles } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

// Illustration only: the figure of the sample report on the landing page.
const SAMPLE_PERCENTAGE = 87;

/** A sample compatibility report that shows, rather than tells, what the product produces. */
export function CompatibilityPreview() {
  const { t } = useTranslation();
  const strengths = t("landing.preview.strengths", { returnObjects: true }) as unknown as string[];

  return (
    <Paper
      component="figure"
      aria-label={t("landing.preview.label")}
      withBorder
      shadow="xl"
      p="xl"
      m={0}
      maw={440}
      w="100%"
      mx="auto"
    >
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.6}>
              {t("landing.preview.heading")}
            </Text>
            <Text fw={700} fz="lg" c="dark.8">
              {t("landing.preview.pair")}
            </Text>
          </Stack>
          <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
            {t("landing.preview.footnote")}
          </Badge>
        </Group>

        <Group gap="lg" wrap="nowrap">
          <ScoreRing percentage={SAMPLE_PERCENTAGE} />
          <Text size="sm" c="gray.7">
            {t("landing.preview.score")}
          </Text>
        </Group>

        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t("landing.preview.strengthsTitle")}
          </Text>
          <List
            spacing={6}
            size="sm"
            c="gray.7"
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" color="teal" aria-hidden>
                <IconSparkles size={12} />
              </ThemeIcon>
            }
          >
            {strengths.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>

        <Group gap="xs" wrap="nowrap" align="flex-start" p="sm" bg="orange.0" style={{ borderRadius: 12 }}>
          <ThemeIcon size={20} radius="xl" variant="light" color="orange" aria-hidden>
            <IconInfoCircle size={13} />
          </ThemeIcon>
          <Text size="sm" c="gray.8">
            <Text span fw={600}>
              {t("landing.preview.concernTitle")}:
            </Text>{" "}
            {t("landing.preview.concern")}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

const RING_SIZE = 104;
const RING_STROKE = 10;

/** A plain SVG ring: Mantine's RingProgress brings a tooltip engine the landing page does not need. */
function ScoreRing({ percentage }: { percentage: number }) {
  const radius = (RING_SIZE - RING_STROKE) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <Box pos="relative" w={RING_SIZE} h={RING_SIZE} style={{ flexShrink: 0 }}>
      <svg aria-hidden width={RING_SIZE} height={RING_SIZE} viewBox={`0 0 ${RING_SIZE} ${RING_SIZE}`}>
        <circle
          cx={RING_SIZE / 2}
          cy={RING_SIZE / 2}
          r={radius}
          fill="none"
          stroke="var(--mantine-color-gray-2)"
          strokeWidth={RING_STROKE}
        />
        <circle
          cx={RING_SIZE / 2}
          cy={RING_SIZE / 2}
          r={radius}
          fill="none"
          stroke="var(--mantine-color-rose-7)"
          strokeWidth={RING_STROKE}
          strokeLinecap="round"
          strokeDasharray={`${(circumference * percentage) / 100} ${circumference}`}
          transform={`rotate(-90 ${RING_SIZE / 2} ${RING_SIZE / 2})`}
        />
      </svg>
      <Text pos="absolute" inset={0} fw={700} fz="xl" c="dark.8" ta="center" lh={`${RING_SIZE}px`}>
        {percentage}%
      </Text>
    </Box>
  );
}
