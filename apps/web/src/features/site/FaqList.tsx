import { Text } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./FaqList.module.css";
import type { FaqItemId } from "./faq-items";
import { useMarketingFacts } from "./useMarketingFacts";

type FaqListProps = { ids: readonly FaqItemId[]; headingOrder: 2 | 3 };

/**
 * Questions that open in place, several at once. A plain disclosure (a heading's button with
 * `aria-expanded`) rather than Mantine's Accordion: the landing page carries it, and its
 * JavaScript budget is tight.
 */
export function FaqList({ ids, headingOrder }: FaqListProps) {
  const { t } = useTranslation();
  const facts = useMarketingFacts();
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<FaqItemId>>(() => new Set());
  const Heading = headingOrder === 2 ? "h2" : "h3";
  const toggle = (id: FaqItemId) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div className={classes.list}>
      {ids.map((id) => {
        const isOpen = open.has(id);
        const panelId = `${baseId}-${id}`;
        return (
          <div key={id} className={classes.item} data-active={isOpen || undefined}>
            <Heading className={classes.heading}>
              <button
                type="button"
                className={classes.control}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(id)}
              >
                <Text component="span" fw={600}>
                  {t(`faq.items.${id}.question`)}
                </Text>
                <IconChevronDown size={18} className={classes.chevron} aria-hidden />
              </button>
            </Heading>
            <div id={panelId} className={classes.panel} hidden={!isOpen}>
              {t(`faq.items.${id}.answer`, facts)}
            </div>
          </div>
        );
      })}
    </div>
  );
}
