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
    introduction_cancelled: (p) =>
      `${p.matchmakerName} cancelled the introduction of ${p.clientName} and ${p.candidateName}.`,
    introduction_client_yes: (p) => `${p.clientName} said yes to meeting ${p.candidateName}.`,
    introduction_client_no: (p) => `${p.clientName} said no to meeting ${p.candidateName}.`,
    introduction_introduced: (p) =>
      `${p.clientName} and ${p.candidateName} both said yes: their contacts are open to both sides.`,
    introduction_declined: (p) => `The introduction of ${p.clientName} and ${p.candidateName} was declined.`,
    introduction_expired: (p) =>
      `The question to ${p.clientName} about ${p.candidateName} expired without an answer.`,
    introduction_client_silent: (p) =>
      `${p.clientName} has not answered about ${p.candidateName} for ${p.days} days.`,
    introduction_date_set: (p) => `The first date of ${p.clientName} and ${p.candidateName} is set.`,
    introduction_date_confirmed: (p) => `${p.clientName} confirmed the date with ${p.candidateName}.`,
    introduction_date_reschedule: (p) =>
      `${p.clientName} asks for another time for the date with ${p.candidateName}.`,
    introduction_feedback_received: (p) =>
      `${p.clientName} gave feedback on the date with ${p.candidateName}.`,
    introduction_second_date: (p) => `${p.clientName} and ${p.candidateName} both want to meet again.`,
    introduction_ended: (p) =>
      `The introduction of ${p.clientName} and ${p.candidateName} has ended after the first date.`,
    introduction_question: (p) => `Your matchmaker suggests you meet ${p.candidateName}. Please answer.`,
    introduction_both_yes: (p) =>
      `You and ${p.candidateName} both said yes. Your matchmaker will help you arrange the date.`,
    introduction_date_planned: (p) => `Your date with ${p.candidateName} is set. Please confirm it.`,
    introduction_date_reminder: (p) => `Your date with ${p.candidateName} is tomorrow.`,
    introduction_feedback_requested: (p) =>
      `How was your date with ${p.candidateName}? Your matchmaker would like your feedback.`,
    introduction_ask_reminder: (p) =>
      `You have not yet asked ${p.clientName} about meeting ${p.candidateName}: ${p.days} days since the match. If ${p.clientName} is not asked, the introduction expires in ${p.left} days.`,
    introduction_expired_unasked: (p) =>
      `The introduction of ${p.clientName} and ${p.candidateName} expired: ${p.clientName} was not asked in time.`,
    webhook_disabled: (p) =>
      `Your webhook ${p.url} was switched off: its deliveries kept failing. Fix the endpoint, then use "Send again" on the Integrations page.`,
    client_retention_warning: (p) =>
      `${p.clientName} has had no activity for a long time: under your retention setting the client's data will be erased on ${p.erasesAt}. To keep the client, open their page, tab "Data", and choose "Keep".`,
    client_retention_digest: (p) =>
      `${p.count} clients have had no activity for a long time: under your retention setting their data will be erased on ${p.erasesAt}. The list is on your agency profile, page "Prices and terms", card "Retention of inactive clients"; to keep a client, open their page, tab "Data", and choose "Keep".`,
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
    introduction_cancelled: (p) =>
      `${p.matchmakerName} отменил(а) знакомство ${p.clientName} и ${p.candidateName}.`,
    introduction_client_yes: (p) => `${p.clientName} согласен(на) на знакомство с ${p.candidateName}.`,
    introduction_client_no: (p) => `${p.clientName} отказался(ась) от знакомства с ${p.candidateName}.`,
    introduction_introduced: (p) =>
      `${p.clientName} и ${p.candidateName} оба согласились: контакты открыты обеим сторонам.`,
    introduction_declined: (p) => `Знакомство ${p.clientName} и ${p.candidateName} отклонено.`,
    introduction_expired: (p) => `Вопрос ${p.clientName} о знакомстве с ${p.candidateName} истёк без ответа.`,
    introduction_client_silent: (p) =>
      `${p.clientName} не отвечает о знакомстве с ${p.candidateName} уже ${p.days} дн.`,
    introduction_date_set: (p) => `Первое свидание ${p.clientName} и ${p.candidateName} назначено.`,
    introduction_date_confirmed: (p) => `${p.clientName} подтвердил(а) свидание с ${p.candidateName}.`,
    introduction_date_reschedule: (p) => `${p.clientName} просит перенести свидание с ${p.candidateName}.`,
    introduction_feedback_received: (p) =>
      `${p.clientName} оставил(а) отзыв о свидании с ${p.candidateName}.`,
    introduction_second_date: (p) => `${p.clientName} и ${p.candidateName} оба хотят встретиться снова.`,
    introduction_ended: (p) =>
      `Знакомство ${p.clientName} и ${p.candidateName} завершено после первого свидания.`,
    introduction_question: (p) =>
      `Ваш сват предлагает познакомиться с ${p.candidateName}. Пожалуйста, ответьте.`,
    introduction_both_yes: (p) =>
      `Вы и ${p.candidateName} оба согласились. Сват поможет договориться о свидании.`,
    introduction_date_planned: (p) => `Свидание с ${p.candidateName} назначено. Пожалуйста, подтвердите его.`,
    introduction_date_reminder: (p) => `Ваше свидание с ${p.candidateName} — завтра.`,
    introduction_feedback_requested: (p) =>
      `Как прошло свидание с ${p.candidateName}? Сват будет рад вашему отзыву.`,
    introduction_ask_reminder: (p) =>
      `Вы ещё не спросили клиента ${p.clientName} о знакомстве с ${p.candidateName}: с совпадения прошло ${p.days} дн. Если клиента не спросить, знакомство истечёт через ${p.left} дн.`,
    introduction_expired_unasked: (p) =>
      `Знакомство ${p.clientName} и ${p.candidateName} истекло: клиента ${p.clientName} не спросили вовремя.`,
    webhook_disabled: (p) =>
      `Вебхук ${p.url} отключён: его доставки раз за разом не проходили. Исправьте приёмник и нажмите «Отправить снова» на странице «Интеграции».`,
    client_retention_warning: (p) =>
      `Клиент ${p.clientName} давно не проявлял активности: по вашему сроку хранения его данные будут удалены ${p.erasesAt}. Чтобы сохранить клиента, откройте его страницу, вкладку «Данные», и выберите «Сохранить».`,
    client_retention_digest: (p) =>
      `Клиентов, давно не проявлявших активности: ${p.count}. По вашему сроку хранения их данные будут удалены ${p.erasesAt}. Список — в профиле агентства, на странице «Цены и условия», в карточке «Срок хранения неактивных клиентов»; чтобы сохранить клиента, откройте его страницу, вкладку «Данные», и выберите «Сохранить».`,
  },
};

/** The notification's sentence in the reader's language (the e-mail's and Telegram's text). */
export function notificationLine(
  locale: Locale | string,
  kind: NotificationKind,
  params: NotificationParams,
) {
  const c = locale === "en-US" ? en : ru;
  const p = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return c.kinds[kind](new Proxy(p, { get: (t, k) => (typeof k === "string" ? (t[k] ?? "") : "") }));
}

export function notificationMail(
  locale: Locale | string,
  kind: NotificationKind,
  params: NotificationParams,
  values: { name: string; link: string; product: string },
): { subject: string; text: string } {
  const c = locale === "en-US" ? en : ru;
  const line = notificationLine(locale, kind, params);
  return {
    subject: `${values.product}: ${c.subject}`,
    text: `${c.greeting(values.name)}\n\n${line}\n\n${c.open}\n${values.link}`,
  };
}
