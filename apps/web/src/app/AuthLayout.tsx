import { Box, Paper } from "@mantine/core";
import { Outlet } from "react-router";

/** A centered card for sign-in and the /auth/* pages, inside the public header and footer. */
export function AuthLayout() {
  return (
    <Box bg="gray.0" px="md" py={{ base: 32, sm: 80 }} mih="calc(100vh - 64px)">
      <Paper withBorder shadow="sm" p={{ base: "lg", sm: 40 }} w="100%" maw={440} mx="auto">
        <Outlet />
      </Paper>
    </Box>
  );
}
