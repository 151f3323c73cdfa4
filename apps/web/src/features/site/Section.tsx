import { Box, Container, type MantineColor } from "@mantine/core";
import type { ReactNode } from "react";

type SectionProps = {
  id?: string;
  labelledBy?: string;
  bg?: MantineColor;
  children: ReactNode;
};

/** A full-width band of a public page with the site's content width and generous spacing. */
export function Section({ id, labelledBy, bg, children }: SectionProps) {
  return (
    <Box component="section" id={id} aria-labelledby={labelledBy} bg={bg} py={{ base: 56, md: 88 }}>
      <Container size="lg">{children}</Container>
    </Box>
  );
}
