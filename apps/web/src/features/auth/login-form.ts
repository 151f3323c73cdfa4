import { LoginBody, Password } from "@matchdesk/contract";
import type { z } from "zod";

/** The sign-in form: the API's LoginBody, with the password length rule of SPEC 5 checked before sending. */
export const LoginForm = LoginBody.extend({ password: Password });
export type LoginFormInput = z.input<typeof LoginForm>;
export type LoginFormValues = z.output<typeof LoginForm>;
