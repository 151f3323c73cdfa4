import {
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { PRODUCT_NAME, type PublicProfileView } from "@matchdesk/contract";
import { IconBriefcase, IconLock, IconMapPin, IconPhoto, IconShieldCheck } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Lightbox, type LightboxPhoto } from "../media/Lightbox";
import { fieldLabel, formatFieldValue } from "../profile/field-format";
import classes from "./PublicProfile.module.css";
import { DETAIL_SECTIONS, detailRows, interestGroups, mainFirst } from "./public-profile";

type Props = {
  view: PublicProfileView;
  /** Hides the profile again and asks for the password (for a shared computer). */
  onLock: () => void;
};

/** The questionnaire a matchmaker shared: only what the server returned, which its display settings allow. */
export function PublicProfileContent({ view, onLock }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  const text = (field: "city" | "country" | "profession" | "lookingFor" | "aboutMe" | "achievements") =>
    formatFieldValue(t, field, view.fields[field], locale);
  const name = [view.fields.firstName, view.fields.lastName].filter(Boolean).join(" ").trim();
  const title = profileTitle(t, name, view.age);
  const location = [text("city"), text("country")].filter(Boolean).join(", ");
  const profession = text("profession");
  const lookingFor = text("lookingFor");
  const aboutMe = text("aboutMe");
  const achievements = text("achievements");

  const photos = mainFirst(view.photos ?? []);
  const main = photos[0];
  const photoAlt = (number: number) =>
    name ? t("publicProfile.photoOf", { name, number }) : t("publicProfile.photo", { number });
  const lightboxPhotos: LightboxPhoto[] = photos.map((photo, index) => ({
    id: photo.id,
    url: photo.url,
    thumbUrl: photo.thumbUrl,
    alt: photoAlt(index + 1),
  }));

  const sections = DETAIL_SECTIONS.map((section) => ({
    key: section.key,
    rows: detailRows(view, section.fields, t, locale),
  })).filter((section) => section.rows.length > 0);
  const interests = interestGroups(view);
  const isSparse = !aboutMe && !achievements && sections.length === 0 && interests.length === 0;

  return (
    <Stack gap="xl">
      <Paper withBorder shadow="sm" radius="xl" className={classes.hero}>
        <div className={classes.heroPhoto} data-empty={main ? undefined : true}>
          {main ? (
            <UnstyledButton
              className={classes.heroPhotoButton}
              onClick={() => setOpenIndex(0)}
              aria-label={t("publicProfile.openPhoto", { number: 1, total: photos.length })}
              aria-haspopup="dialog"
            >
              <img src={main.url} alt={photoAlt(1)} className={classes.heroImage} />
              {photos.length > 1 && (
                <Badge
                  className={classes.photoCount}
                  variant="white"
                  color="dark"
                  size="lg"
                  leftSection={<IconPhoto size={14} aria-hidden />}
                >
                  {photos.length}
                </Badge>
              )}
            </UnstyledButton>
          ) : (
            <div className={classes.noPhoto}>
              <Avatar name={name || undefined} color="rose" size={96} radius={999} alt="" />
            </div>
          )}
        </div>

        <Stack gap="md" className={classes.heroText} justify="center">
          <Group gap={6} wrap="nowrap">
            <IconShieldCheck size={16} color="var(--mantine-color-rose-7)" aria-hidden />
            <Text fw={700} c="rose.7" fz="xs" tt="uppercase" lts={1}>
              {t("publicProfile.eyebrow")}
            </Text>
          </Group>
          <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.15} className={classes.name}>
            {title}
          </Title>
          {(location || profession) && (
            <Stack gap={8}>
              {location && (
                <Fact icon={<IconMapPin size={18} />} label={t("publicProfile.location")}>
                  {location}
                </Fact>
              )}
              {profession && (
                <Fact icon={<IconBriefcase size={18} />} label={fieldLabel(t, "profession")}>
                  {profession}
                </Fact>
              )}
            </Stack>
          )}
          {lookingFor && (
            <Group gap={8} wrap="wrap">
              <Text size="sm" c="dimmed">
                {fieldLabel(t, "lookingFor")}
              </Text>
              <Badge size="lg" variant="light" radius="xl" tt="none" fw={600}>
                {lookingFor}
              </Badge>
            </Group>
          )}
        </Stack>
      </Paper>

      {photos.length > 1 && (
        <Section title={t("publicProfile.photos", { total: photos.length })}>
          <SimpleGrid
            type="container"
            cols={{ base: 3, "480px": 4, "720px": 6 }}
            spacing="sm"
            component="ul"
            className={classes.photoGrid}
          >
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <UnstyledButton
                  className={classes.thumb}
                  onClick={() => setOpenIndex(index)}
                  aria-label={t("publicProfile.openPhoto", { number: index + 1, total: photos.length })}
                  aria-haspopup="dialog"
                >
                  <img src={photo.thumbUrl} alt={photoAlt(index + 1)} loading="lazy" />
                </UnstyledButton>
              </li>
            ))}
          </SimpleGrid>
        </Section>
      )}

      {aboutMe && (
        <Section title={fieldLabel(t, "aboutMe")}>
          <Text className={classes.prose}>{aboutMe}</Text>
        </Section>
      )}
      {achievements && (
        <Section title={fieldLabel(t, "achievements")}>
          <Text className={classes.prose}>{achievements}</Text>
        </Section>
      )}

      {sections.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {sections.map((section) => (
            <Section key={section.key} title={t(`publicProfile.sections.${section.key}`)}>
              <dl className={classes.facts}>
                {section.rows.map((row) => (
                  <div key={row.field} className={classes.factRow}>
                    <dt>{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            </Section>
          ))}
        </SimpleGrid>
      )}

      {interests.length > 0 && (
        <Section title={fieldLabel(t, "interests")}>
          <Stack gap="md">
            {interests.map((group) => (
              <Stack key={group.category} gap={6}>
                <Text size="sm" fw={600} c="gray.7">
                  {t(`profile.interestCategories.${group.category}`)}
                </Text>
                <Group gap={6}>
                  {group.items.map((item) => (
                    <Badge key={item} variant="light" color="gray" radius="xl" size="lg" tt="none" fw={500}>
                      {item}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            ))}
          </Stack>
        </Section>
      )}

      {isSparse && (
        <Text c="dimmed" ta="center">
          {t("publicProfile.sparse")}
        </Text>
      )}

      <Paper radius="lg" p="lg" bg="rose.0" className={classes.note}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <IconShieldCheck
            size={24}
            color="var(--mantine-color-rose-7)"
            aria-hidden
            style={{ flexShrink: 0 }}
          />
          <Stack gap="sm" style={{ flex: 1 }}>
            <Text size="sm" c="gray.8">
              {t("publicProfile.note", { product: PRODUCT_NAME })}
            </Text>
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconLock size={14} />}
              onClick={onLock}
              w="fit-content"
              px={6}
              ml={-6}
            >
              {t("publicProfile.lock")}
            </Button>
          </Stack>
        </Group>
      </Paper>

      <Lightbox photos={lightboxPhotos} openIndex={openIndex} onClose={() => setOpenIndex(null)} />
    </Stack>
  );
}

/** "Olga Petrova, 34", or whichever of name and age the profile shows, or a neutral title. */
function profileTitle(
  t: (key: string, options?: Record<string, unknown>) => string,
  name: string,
  age?: number,
) {
  if (name && age !== undefined) return t("publicProfile.nameAge", { name, age });
  if (name) return name;
  if (age !== undefined) return t("publicProfile.ageOnly", { count: age });
  return t("publicProfile.untitled");
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      className={classes.section}
    >
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={10} wrap="nowrap" align="flex-start">
      <span className={classes.factIcon} aria-hidden>
        {icon}
      </span>
      <Text size="md" c="gray.8">
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Text>
    </Group>
  );
}
