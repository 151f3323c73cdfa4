// The auth endpoints' definitions, in a module of their own so that `auth-api.ts` can load them
// when first needed.
export { authApi } from "@matchdesk/contract";
