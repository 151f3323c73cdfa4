import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "./error-message";

/** errorMessage bound to the current language, for components. */
export function useErrorMessage(): (error: unknown) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (error: unknown) =>
      errorMessage(error, {
        t: (key, options) => i18n.t(key, options ?? {}),
        exists: (key) => i18n.exists(key),
      }),
    [i18n],
  );
}
