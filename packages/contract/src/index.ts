export * from "./admin.js";
export * from "./auth.js";
export * from "./common.js";
export * from "./constants.js";
export * from "./enums.js";
export * from "./errors.js";
export * from "./i18n.js";
export * from "./users.js";
