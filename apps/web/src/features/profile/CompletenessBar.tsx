import { Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconDeviceFloppy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./CompletenessBar.module.css";
import { fieldLabel } from "./field-format";
import type { Completeness, RequiredField } from "./profile-form";

type Props = {
  completeness: Completeness;
  isDirty: boolean;
  isSaving: boolean;
  /** Opens the field's section and moves to it. */
  onJump: (field: RequiredField) => void;
  /** Distance from the top of the window where the bar sticks (below a fixed header). */
  stickyTop: number;
};

/**
 * The editor's sticky bar: how complete the questionnaire is, each missing required field as a
 * button that jumps to it (one scrolling row, so the bar stays short on a phone), and Save.
 */
export function CompletenessBar({ completeness, isDirty, isSaving, onJump, stickyTop }: Props) {
  const { t } = useTranslation();
  const { percent, missing } = completeness;
  const isComplete = missing.length === 0;

  return (
    <Paper
      withBorder
      shadow="sm"
      p={{ base: "sm", sm: "md" }}
      pos="sticky"
      top={stickyTop}
      style={{ zIndex: 20 }}
      data-testid="completeness-bar"
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm" id="profile-completeness-label">
                {t("profile.editor.completeness", { percent })}
              </Text>
              {isDirty && (
                <Text size="xs" c="orange.8" fw={500} style={{ whiteSpace: "nowrap" }}>
                  {t("profile.editor.unsaved")}
                </Text>
              )}
            </Group>
            {/* The section is the progressbar: it carries the name, not the track around it. */}
            <Progress.Root size="md" radius="xl">
              <Progress.Section
                value={percent}
                color={isComplete ? "teal" : "rose"}
                aria-labelledby="profile-completeness-label"
              />
            </Progress.Root>
          </Stack>
          <Button type="submit" loading={isSaving} leftSection={<IconDeviceFloppy size={18} />}>
            {t("profile.editor.save")}
          </Button>
        </Group>
        {isComplete ? (
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
            <Text size="xs" c="teal.9">
              {t("profile.editor.allFilled")}
            </Text>
          </Group>
        ) : (
          <Group gap={8} wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} lh="22px">
              {t("profile.editor.missing", { count: missing.length })}
            </Text>
            <ul className={classes.missing}>
              {missing.map((field) => (
                <li key={field}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="rose"
                    radius="xl"
                    onClick={() => onJump(field)}
                  >
                    {fieldLabel(t, field)}
                  </Button>
                </li>
              ))}
            </ul>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
