// Its own module so that the lazy import below asks for one binding, not the package's namespace
// (a namespace import would pull the container into the entry chunk with the store).
export { Notifications } from "@mantine/notifications";
