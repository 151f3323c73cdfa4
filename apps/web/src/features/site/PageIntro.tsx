import { Box, Container, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

type PageIntroProps = { title: string; lead: string; children?: ReactNode };

/** The top band of an information page: its one h1 and a short lead. */
export function PageIntro({ title, lead, children }: PageIntroProps) {
  return (
    <Box
      bg="rose.0"
      py={{ base: 48, md: 72 }}
      style={{ borderBottom: "1px solid var(--mantine-color-rose-1)" }}
    >
      <Container size="lg">
        <Title order={1} fz={{ base: 32, md: 44 }} lh={1.15} maw={760} c="dark.8">
          {title}
        </Title>
        <Text size="lg" c="gray.7" mt="md" maw={720}>
          {lead}
        </Text>
        {children}
      </Container>
    </Box>
  );
}
