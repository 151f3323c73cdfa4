import { Badge, Group } from "@mantine/core";
import type { AgencyFocus } from "@matchdesk/contract";
import { useTranslation } from "react-i18next";

/** An agency's focus as a labelled list of badges; long labels wrap instead of being cut. */
export function FocusBadges({
  focus,
  label,
  color = "rose",
  variant = "outline",
}: {
  focus: AgencyFocus[];
  label: string;
  color?: string;
  variant?: "outline" | "light";
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} component="ul" p={0} m={0} aria-label={label}>
      {focus.map((f) => (
        <Badge
          key={f}
          component="li"
          variant={variant}
          color={color}
          tt="none"
          size="md"
          h="auto"
          py={2}
          maw="100%"
          styles={{ label: { whiteSpace: "normal", overflow: "visible" } }}
        >
          {t(`marketplace.focus.${f}`)}
        </Badge>
      ))}
    </Group>
  );
}
