import { z } from "zod";
import { LOCALES } from "./constants.js";

export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;
