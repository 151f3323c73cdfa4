/**
 * The auth endpoints for the code every page loads (the auth store, sign-out), fetched when first
 * called: the definitions carry their zod schemas, which the public pages need not download
 * before they show (the landing page's script budget, `npm run bench`).
 */
export const loadAuthApi = () => import("./auth-endpoints").then((module) => module.authApi);
