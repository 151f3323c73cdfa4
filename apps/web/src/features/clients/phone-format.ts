// Loaded on demand by `useClientContact`: formatting a number needs libphonenumber's metadata
// (about 28 KB gzipped), which a list of clients with e-mails, the usual case, never pays for.
export { formatPhone } from "@matchdesk/contract";
