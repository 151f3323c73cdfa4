import { Accordion, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./FaqList.module.css";
import type { FaqItemId } from "./faq-items";
import { useMarketingFacts } from "./useMarketingFacts";

type FaqListProps = { ids: readonly FaqItemId[]; headingOrder: 2 | 3 };

export function FaqList({ ids, headingOrder }: FaqListProps) {
  const { t } = useTranslation();
  const facts = useMarketingFacts();
  return (
    <Accordion variant="separated" radius="lg" chevronPosition="right" order={headingOrder} multiple>
      {ids.map((id) => (
        <Accordion.Item key={id} value={id} className={classes.item}>
          <Accordion.Control className={classes.control}>
            <Text component="span" fw={600}>
              {t(`faq.items.${id}.question`)}
            </Text>
          </Accordion.Control>
          <Accordion.Panel c="gray.7">{t(`faq.items.${id}.answer`, facts)}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
