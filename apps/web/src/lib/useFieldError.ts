import { useCallback } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";

type Params = Record<string, unknown> & { max?: number };

/**
 * The text of a form field's error: the server's own text for errors placed by applyServerErrors,
 * else the catalog's `key` (or `validation.maxLength` when the value is too long and `max` is given).
 * The schemas' own messages are English, so forms show catalog texts instead.
 */
export function useFieldError(): (
  error: FieldError | undefined,
  key: string,
  params?: Params,
) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (error, key, params) => {
      if (!error) return undefined;
      if (error.type === "server" && error.message) return error.message;
      if (error.type === "too_big" && params?.max !== undefined) return t("validation.maxLength", params);
      return t(key, params);
    },
    [t],
  );
}
