import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { usePageTitle } from "../../ui/usePageTitle";
import { EmailSignInFailure } from "./EmailSignInFailure";

/**
 * SPEC 2 /auth/email-error: the standalone page for a failed e-mail sign-in. An optional `code`
 * (an API error code such as SIGNIN_LINK_EXPIRED) picks the message.
 */
export function EmailSignInErrorPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  usePageTitle(t("emailSignIn.errorTitle"));
  const code = searchParams.get("code");
  const message =
    code && /^[A-Z_]+$/.test(code) && i18n.exists(`errors.${code}`)
      ? t(`errors.${code}`)
      : t("emailSignIn.errorDefault");
  return <EmailSignInFailure message={message} />;
}
