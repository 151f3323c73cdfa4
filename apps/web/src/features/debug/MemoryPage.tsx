import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../ui/usePageTitle";
import { formatMegabytes } from "./format-bytes";
import { useServerMemory } from "./useServerMemory";

const REFRESH_MS = 2000;
const BLOCK_BYTES = 16 * 1024 * 1024;
const NUMBERS_PER_BLOCK = BLOCK_BYTES / 8;

// Chromium-only, non-standard: https://developer.mozilla.org/docs/Web/API/Performance/memory
type BrowserMemory = { usedJSHeapSize: number; totalJSHeapSize: number; jsHeapSizeLimit: number };

function readBrowserMemory(): BrowserMemory | null {
  const memory = (performance as Performance & { memory?: BrowserMemory }).memory;
  // The figures are getters on the prototype, so they are copied one by one.
  return memory
    ? {
        usedJSHeapSize: memory.usedJSHeapSize,
        totalJSHeapSize: memory.totalJSHeapSize,
        jsHeapSizeLimit: memory.jsHeapSizeLimit,
      }
    : null;
}

type Figure = { label: string; value: string };

/** Development only (SPEC 2 debug/memory): the server's and this tab's memory, plus a memory test. */
export function MemoryPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t("memory.title"));
  const mb = (bytes: number) => formatMegabytes(bytes, i18n.language);

  const server = useServerMemory(REFRESH_MS);

  const [browser, setBrowser] = useState(readBrowserMemory);
  useEffect(() => {
    const timer = window.setInterval(() => setBrowser(readBrowserMemory()), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const blocks = useRef<number[][]>([]);
  const [blockCount, setBlockCount] = useState(0);
  const allocate = () => {
    // Plain arrays of doubles live on the JS heap, so performance.memory sees them.
    blocks.current.push(Array.from({ length: NUMBERS_PER_BLOCK }, (_, index) => index * 1.5));
    setBlockCount(blocks.current.length);
    setBrowser(readBrowserMemory());
  };
  const free = () => {
    blocks.current = [];
    setBlockCount(0);
  };

  const serverFigures: Figure[] = server.data
    ? [
        { label: t("memory.rss"), value: mb(server.data.rss) },
        { label: t("memory.heapUsed"), value: mb(server.data.heapUsed) },
        { label: t("memory.heapTotal"), value: mb(server.data.heapTotal) },
        { label: t("memory.external"), value: mb(server.data.external) },
        { label: t("memory.arrayBuffers"), value: mb(server.data.arrayBuffers) },
        { label: t("memory.uptime"), value: t("memory.uptimeValue", { seconds: server.data.uptimeSeconds }) },
      ]
    : [];
  const browserFigures: Figure[] = browser
    ? [
        { label: t("memory.jsHeapUsed"), value: mb(browser.usedJSHeapSize) },
        { label: t("memory.jsHeapTotal"), value: mb(browser.totalJSHeapSize) },
        { label: t("memory.jsHeapLimit"), value: mb(browser.jsHeapSizeLimit) },
      ]
    : [];

  return (
    <Stack gap="xl" maw={1080}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t("memory.title")}
        </Title>
        <Text c="gray.7">{t("memory.lead")}</Text>
        <Text size="sm" c="dimmed">
          {t("memory.refresh", { seconds: REFRESH_MS / 1000 })}
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card component="section" aria-labelledby="server-memory" shadow="xs">
          <Title order={2} fz="h4" id="server-memory" mb="md">
            {t("memory.server")}
          </Title>
          {server.isError ? (
            <Alert color="gray" icon={<IconInfoCircle size={18} />}>
              {t("memory.serverUnavailable")}
            </Alert>
          ) : (
            <Figures figures={serverFigures} />
          )}
        </Card>
        <Card component="section" aria-labelledby="browser-memory" shadow="xs">
          <Title order={2} fz="h4" id="browser-memory" mb="md">
            {t("memory.browser")}
          </Title>
          {browser ? (
            <Figures figures={browserFigures} />
          ) : (
            <Alert color="gray" icon={<IconInfoCircle size={18} />}>
              {t("memory.browserUnavailable")}
            </Alert>
          )}
        </Card>
      </SimpleGrid>

      <Card component="section" aria-labelledby="memory-test" shadow="xs">
        <Title order={2} fz="h4" id="memory-test" mb={6}>
          {t("memory.demo.title")}
        </Title>
        <Text size="sm" c="gray.7" mb="md">
          {t("memory.demo.text")}
        </Text>
        <Group gap="sm">
          <Button onClick={allocate}>{t("memory.demo.allocate", { size: mb(BLOCK_BYTES) })}</Button>
          <Button variant="default" onClick={free} disabled={blockCount === 0}>
            {t("memory.demo.free")}
          </Button>
        </Group>
        <Text size="sm" mt="md" aria-live="polite">
          {t("memory.demo.held", { size: mb(blockCount * BLOCK_BYTES), count: blockCount })}
        </Text>
      </Card>
    </Stack>
  );
}

function Figures({ figures }: { figures: Figure[] }) {
  return (
    <SimpleGrid component="dl" cols={2} spacing="md" m={0}>
      {figures.map((figure) => (
        <div key={figure.label}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
            {figure.label}
          </Text>
          <Text component="dd" m={0} fw={600} fz="lg" style={{ fontVariantNumeric: "tabular-nums" }}>
            {figure.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
