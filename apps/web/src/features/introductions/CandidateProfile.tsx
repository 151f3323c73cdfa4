import { Avatar, Badge, Group, Image, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { DISPLAYABLE_FIELDS, type DisplayableField, type PublicProfileView } from "@matchdesk/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Lightbox, type LightboxPhoto } from "../media/Lightbox";
import { fieldLabel, formatFieldValue } from "../profile/field-format";

// Shown in the header or as text of their own; the rest of what the view carries is listed as facts.
const HEADER: readonly DisplayableField[] = ["firstName", "lastName", "age", "city", "country", "profession"];
const TEXTS = ["lookingFor", "aboutMe", "achievements"] as const;
const OWN_BLOCKS: readonly DisplayableField[] = [...HEADER, ...TEXTS, "interests", "photos"];
const FACTS = DISPLAYABLE_FIELDS.filter((field) => !OWN_BLOCKS.includes(field));

type Props = { view: PublicProfileView; titleOrder?: 2 | 3 };

/**
 * A candidate's shared questionnaire as a question to a client shows it: the photos, name and age,
 * place and work, their own words and the facts their matchmaker shows; never contacts. Only what
 * the server returned is there (the display settings of the candidate's matchmaker).
 */
export function CandidateProfile({ view, titleOrder = 2 }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const value = (field: DisplayableField) =>
    formatFieldValue(
      t,
      field,
      field === "age" ? view.age : (view.fields as Record<string, unknown>)[field],
      locale,
    );
  const name = [view.fields.firstName, view.fields.lastName].filter(Boolean).join(" ").trim();
  const title =
    name && view.age !== undefined
      ? t("publicProfile.nameAge", { name, age: view.age })
      : name || t("matching.candidates.unnamed");
  const place = [value("city"), value("country")].filter(Boolean).join(", ");
  const facts = FACTS.flatMap((field) => {
    const text = value(field);
    return text ? [{ field, label: fieldLabel(t, field), text }] : [];
  });
  const interests = Object.values(view.fields.interests ?? {}).flatMap((items) => items ?? []);
  const photos = [...(view.photos ?? [])].sort((a, b) => Number(b.isMain) - Number(a.isMain));
  const lightbox: LightboxPhoto[] = photos.map((photo, index) => ({
    id: photo.id,
    url: photo.url,
    thumbUrl: photo.thumbUrl,
    alt: name
      ? t("publicProfile.photoOf", { name, number: index + 1 })
      : t("publicProfile.photo", { number: index + 1 }),
  }));

  return (
    <Stack gap="md" data-testid="candidate-profile">
      <Group gap="md" align="flex-start" wrap="nowrap">
        {photos[0] ? (
          <UnstyledButton
            onClick={() => setOpenIndex(0)}
            aria-label={t("publicProfile.openPhoto", { number: 1, total: photos.length })}
            aria-haspopup="dialog"
            style={{ flexShrink: 0 }}
          >
            <Image
              src={photos[0].thumbUrl}
              alt={lightbox[0]?.alt}
              w={{ base: 96, sm: 132 }}
              h={{ base: 96, sm: 132 }}
              radius="lg"
              fit="cover"
            />
          </UnstyledButton>
        ) : (
          <Avatar name={name || undefined} color="rose" size={96} radius="lg" alt="" />
        )}
        <Stack gap={6} miw={0}>
          <Title order={titleOrder} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          {place && <Text c="gray.8">{place}</Text>}
          {value("profession") && <Text c="gray.8">{value("profession")}</Text>}
        </Stack>
      </Group>

      {photos.length > 1 && (
        <Group gap={8} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {photos.slice(1).map((photo, index) => (
            <li key={photo.id}>
              <UnstyledButton
                onClick={() => setOpenIndex(index + 1)}
                aria-label={t("publicProfile.openPhoto", { number: index + 2, total: photos.length })}
                aria-haspopup="dialog"
              >
                <Image
                  src={photo.thumbUrl}
                  alt={lightbox[index + 1]?.alt}
                  w={64}
                  h={64}
                  radius="md"
                  fit="cover"
                  loading="lazy"
                />
              </UnstyledButton>
            </li>
          ))}
        </Group>
      )}

      {TEXTS.map((field) => {
        const text = value(field);
        return text ? (
          <Stack key={field} gap={2}>
            <Text size="sm" fw={600} c="gray.7">
              {fieldLabel(t, field)}
            </Text>
            <Text style={{ whiteSpace: "pre-line" }}>{text}</Text>
          </Stack>
        ) : null;
      })}

      {facts.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} verticalSpacing={6} component="dl" m={0}>
          {facts.map((fact) => (
            <Group key={fact.field} gap={6} wrap="nowrap" align="baseline">
              <Text component="dt" size="sm" c="gray.7">
                {fact.label}:
              </Text>
              <Text component="dd" size="sm" m={0}>
                {fact.text}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      )}

      {interests.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={600} c="gray.7">
            {fieldLabel(t, "interests")}
          </Text>
          <Group gap={6}>
            {interests.map((item) => (
              <Badge key={item} variant="light" color="gray" radius="xl" tt="none" fw={500}>
                {item}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}

      <Lightbox photos={lightbox} openIndex={openIndex} onClose={() => setOpenIndex(null)} />
    </Stack>
  );
}
