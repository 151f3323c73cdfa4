import {
  ACADEMY_COURSE,
  AI_MATCH_PRICE,
  LIKES_FOR_BETTER_MATCHING,
  LIMITS,
  QUIZ_MINUTES,
  SUBSCRIPTION_DAYS,
} from "@matchdesk/contract";
import { useTranslation } from "react-i18next";
import { formatUsd } from "../../lib/format-money";

/**
 * The product's figures as words in the current language, for interpolation into catalog texts.
 * Every number comes from the contract, so the marketing pages never disagree with the product.
 */
export function useMarketingFacts() {
  const { t, i18n } = useTranslation();
  const credits = (count: number) => t("units.credits", { count });
  return {
    duration: t("units.minutesRange", { min: QUIZ_MINUTES.min, count: QUIZ_MINUTES.max }),
    likes: t("units.likes", { count: LIKES_FOR_BETTER_MATCHING }),
    regular: credits(AI_MATCH_PRICE.regular),
    silver: credits(AI_MATCH_PRICE.silver),
    gold: credits(AI_MATCH_PRICE.gold),
    days: t("units.days", { count: SUBSCRIPTION_DAYS }),
    photos: t("units.photos", { count: LIMITS.photosPerProfile }),
    hours: t("units.hours", { count: ACADEMY_COURSE.hours }),
    price: formatUsd(ACADEMY_COURSE.priceUsd, i18n.language),
    min: LIMITS.rating.min,
    max: LIMITS.rating.max,
  };
}
