import type { DeclineReason } from "@matchdesk/contract";

// What the bot says, in the reader's language (the account's locale once linked, else the
// Telegram app's language). The words of the introduction loop are those of the web app's
// catalogs (`introductions.reasons`, `introductions.feedback`), so a button reads as the page does.

export type RatingName = "attraction" | "conversation" | "values" | "manners";

type BotTexts = {
  welcome: string;
  linked: (name: string) => string;
  codeInvalid: string;
  unlinked: string;
  notLinked: string;
  unlinkButton: string;
  openApp: string;
  /** Before a yes or no by button: the candidate's card is in the app, as the e-mail shows it. */
  seeCard: string;
  yes: string;
  no: string;
  askReason: string;
  reasons: Record<DeclineReason, string>;
  answeredYes: string;
  answeredNo: (reason: string) => string;
  happened: string;
  happenedYes: string;
  happenedNo: string;
  rate: (what: string) => string;
  rating: Record<RatingName, string>;
  meetAgain: string;
  again: { yes: string; maybe: string; no: string };
  feedbackThanks: string;
  when: (time: string, place: string) => string;
  confirmDate: string;
  otherTime: string;
  dateConfirmed: string;
  dateReschedule: string;
  closed: string;
  failed: string;
};

const en: BotTexts = {
  welcome:
    "This bot sends your MatchDesk notifications. To link your account, open Settings in MatchDesk and choose “Link Telegram”.",
  linked: (name) =>
    `Hello ${name}! Your MatchDesk account is linked: your notifications will come here. Send /stop to unlink.`,
  codeInvalid: "This link has expired or was already used. Make a new one in MatchDesk.",
  unlinked: "Your account is unlinked: no more notifications here.",
  notLinked: "This chat is not linked to a MatchDesk account.",
  unlinkButton: "Unlink",
  openApp: "Open MatchDesk",
  seeCard: "See their card before you answer",
  yes: "Yes",
  no: "No",
  askReason: "Why not? Your matchmaker sees the reason; the other side does not.",
  reasons: {
    ATTRACTION: "No attraction",
    AGE: "Age",
    DISTANCE: "Distance",
    LIFESTYLE_VALUES: "Lifestyle and values",
    EDUCATION_CAREER: "Education and career",
    FAMILY_PLANS: "Family plans",
    RELIGION_CULTURE: "Religion and culture",
    NOT_READY_OTHER: "Not ready now, or another reason",
  },
  answeredYes: "Your answer: yes. Thank you!",
  answeredNo: (reason) => `Your answer: no (${reason}). Thank you!`,
  happened: "Did your date take place?",
  happenedYes: "Yes",
  happenedNo: "No, it did not happen",
  rate: (what) => `${what}: from 1 to 5?`,
  rating: {
    attraction: "Attraction",
    conversation: "Conversation",
    values: "Shared values",
    manners: "Manners",
  },
  meetAgain: "Would you like to meet again?",
  again: { yes: "Yes", maybe: "Maybe", no: "No" },
  feedbackThanks: "Thank you for your feedback!",
  when: (time, place) => `When: ${time}\nWhere: ${place}`,
  confirmDate: "I'll be there",
  otherTime: "Another time, please",
  dateConfirmed: "You confirmed the date. See you there!",
  dateReschedule: "Your matchmaker will suggest another time.",
  closed: "This question is closed.",
  failed: "Something went wrong. Please try again later or answer in MatchDesk.",
};

const ru: BotTexts = {
  welcome:
    "Этот бот присылает уведомления MatchDesk. Чтобы привязать аккаунт, откройте настройки в MatchDesk и нажмите «Привязать Telegram».",
  linked: (name) =>
    `Здравствуйте, ${name}! Аккаунт MatchDesk привязан: уведомления будут приходить сюда. Чтобы отвязать, отправьте /stop.`,
  codeInvalid: "Ссылка устарела или уже использована. Создайте новую в MatchDesk.",
  unlinked: "Аккаунт отвязан: уведомлений здесь больше не будет.",
  notLinked: "Этот чат не привязан к аккаунту MatchDesk.",
  unlinkButton: "Отвязать",
  openApp: "Открыть MatchDesk",
  seeCard: "Посмотрите анкету, прежде чем ответить",
  yes: "Да",
  no: "Нет",
  askReason: "Почему нет? Причину увидит ваш сват, другая сторона — нет.",
  reasons: {
    ATTRACTION: "Нет симпатии",
    AGE: "Возраст",
    DISTANCE: "Расстояние",
    LIFESTYLE_VALUES: "Образ жизни и ценности",
    EDUCATION_CAREER: "Образование и карьера",
    FAMILY_PLANS: "Планы на семью",
    RELIGION_CULTURE: "Религия и культура",
    NOT_READY_OTHER: "Сейчас не готов(а) или другая причина",
  },
  answeredYes: "Ваш ответ: да. Спасибо!",
  answeredNo: (reason) => `Ваш ответ: нет (${reason}). Спасибо!`,
  happened: "Свидание состоялось?",
  happenedYes: "Да",
  happenedNo: "Нет, не состоялось",
  rate: (what) => `${what}: от 1 до 5?`,
  rating: { attraction: "Симпатия", conversation: "Общение", values: "Общие ценности", manners: "Манеры" },
  meetAgain: "Хотите встретиться ещё раз?",
  again: { yes: "Да", maybe: "Возможно", no: "Нет" },
  feedbackThanks: "Спасибо за отзыв!",
  when: (time, place) => `Когда: ${time}\nГде: ${place}`,
  confirmDate: "Приду",
  otherTime: "Нужно другое время",
  dateConfirmed: "Вы подтвердили свидание. До встречи!",
  dateReschedule: "Сват предложит другое время.",
  closed: "Этот вопрос закрыт.",
  failed: "Что-то пошло не так. Попробуйте позже или ответьте в MatchDesk.",
};

/** The bot's words in a locale: an account's (en-US, ru-RU) or a Telegram app's language code. */
export const botTexts = (locale: string | undefined): BotTexts => (locale?.startsWith("ru") ? ru : en);
