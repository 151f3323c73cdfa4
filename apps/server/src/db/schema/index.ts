export * from "./agencies.js";
export * from "./auth.js";
export * from "./chat.js";
export * from "./mail.js";
export * from "./media.js";
export * from "./platform.js";
export * from "./profiles.js";
export * from "./users.js";
