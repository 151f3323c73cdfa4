export * from "./agencies.js";
export * from "./auth.js";
export * from "./users.js";
export * from "./platform.js";
