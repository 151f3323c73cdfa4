import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown };

/** Catches a page that throws, or whose code cannot load even after the one automatic reload. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Page failed", error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    // Moving to another page gives it a fresh start.
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null)
      this.setState({ error: null });
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <ErrorScreen />;
  }
}

function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={440} ta="center">
        <Title order={1} fz="h2">
          {t("routeError.title")}
        </Title>
        <Text c="dimmed">{t("routeError.text")}</Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          {t("routeError.reload")}
        </Button>
      </Stack>
    </Center>
  );
}
