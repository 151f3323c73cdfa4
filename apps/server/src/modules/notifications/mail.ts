import type { Locale, NotificationKind, NotificationParams } from "@matchdesk/contract";

type Line = (p: Record<string, string>) => string;
type Catalog = {
  subject: string;
  greeting: (name: string) => string;
  open: string;
  kinds: Record<NotificationKind, Line>;
};

// The e-mail copy of a notification, in the reader's language. The in-app text lives in the
// web catalogs (`chat.notifications.kinds.*`); both say the same thing.
const en: Catalog = {
  subject: "New notification",
  greeting: (name) => `Hello ${name},`,
  open: "Open your notifications:",
  kinds: {
    review_pending: (p) => `A new review from ${p.authorName} is waiting for moderation.`,
    review_approved: (p) => `A review of your agency by ${p.authorName} has been published.`,
    introduction_proposed: (p) =>
      `${p.matchmakerName} proposes an introduction: ${p.clientName} and ${p.candidateName}.`,
    introduction_accepted: (p) =>
      `${p.matchmakerName} accepted the introduction of ${p.clientName} and ${p.candidateName}.`,
    introduction_rejected: (p) =>
      `${p.matchmakerName} declined the introduction of ${p.clientName} and ${p.candidateName}.`,
    credits_added: (p) => `${p.amount} credits have been added to your balance.`,
    subscription_expiring: (p) => `Your ${p.tier} subscription expires on ${p.expiresAt}.`,
    client_registered: (p) => `${p.clientName} has registered through your invitation.`,
    agency_lead: (p) => `${p.name} wants to join your agency's client base.`,
    profile_password_attempts: (p) =>
      `Someone tried many wrong passwords on ${p.clientName}'s public profile. It is closed to everyone for up to an hour; if the password has been shared too widely, change it on the client's page.`,
  },
};

const ru: Catalog = {
  subject: "Новое уведомление",
  greeting: (name) => `Здравствуйте, ${name}!`,
  open: "Открыть уведомления:",
  kinds: {
    review_pending: (p) => `Новый отзыв от ${p.authorName} ждёт модерации.`,
    review_approved: (p) => `Отзыв ${p.authorName} о вашем агентстве опубликован.`,
    introduction_proposed: (p) =>
      `${p.matchmakerName} предлагает знакомство: ${p.clientName} и ${p.candidateName}.`,
    introduction_accepted: (p) =>
      `${p.matchmakerName} принял(а) знакомство ${p.clientName} и ${p.candidateName}.`,
    introduction_rejected: (p) =>
      `${p.matchmakerName} отклонил(а) знакомство ${p.clientName} и ${p.candidateName}.`,
    credits_added: (p) => `На ваш баланс начислено кредитов: ${p.amount}.`,
    subscription_expiring: (p) => `Ваша подписка ${p.tier} истекает ${p.expiresAt}.`,
    client_registered: (p) => `${p.clientName} зарегистрировался(ась) по вашему приглашению.`,
    agency_lead: (p) => `${p.name} хочет вступить в клиентскую базу вашего агентства.`,
    profile_password_attempts: (p) =>
      `Кто-то много раз ввёл неверный пароль к публичной анкете ${p.clientName}. Анкета закрыта для всех на срок до часа; если пароль разошёлся слишком широко, смените его на странице клиента.`,
  },
};

export function notificationMail(
  locale: Locale | string,
  kind: NotificationKind,
  params: NotificationParams,
  values: { name: string; link: string; product: string },
): { subject: string; text: string } {
  const c = locale === "en-US" ? en : ru;
  const p = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const line = c.kinds[kind](new Proxy(p, { get: (t, k) => (typeof k === "string" ? (t[k] ?? "") : "") }));
  return {
    subject: `${values.product}: ${c.subject}`,
    text: `${c.greeting(values.name)}\n\n${line}\n\n${c.open}\n${values.link}`,
  };
}
