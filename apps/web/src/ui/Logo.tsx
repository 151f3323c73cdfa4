import { Anchor, Group, Text, ThemeIcon } from "@mantine/core";
import { PRODUCT_NAME } from "@matchdesk/contract";
import { IconHeartHandshake } from "@tabler/icons-react";
import { Link } from "react-router";

type LogoProps = { to: string; label: string };

/** The product mark and name; `label` tells screen readers where the link goes. */
export function Logo({ to, label }: LogoProps) {
  return (
    <Anchor component={Link} to={to} aria-label={label} underline="never" c="inherit">
      <Group gap={10} wrap="nowrap">
        <ThemeIcon size={34} radius="md" aria-hidden>
          <IconHeartHandshake size={20} stroke={1.8} />
        </ThemeIcon>
        <Text component="span" fw={700} fz="lg" lts={-0.3} c="dark.8">
          {PRODUCT_NAME}
        </Text>
      </Group>
    </Anchor>
  );
}
