import type { Locale } from "@matchdesk/contract";

type Template = (v: Record<string, string>) => { subject: string; text: string };
type Catalog = {
  signInLink: Template;
  signInMatchmakersOnly: Template;
  invitation: Template;
  welcomeMatchmaker: Template;
  editLink: Template;
  applicationReceived: Template;
  applicationDeclined: Template;
  applicationHasAccount: Template;
  contactMessage: Template;
};

// The e-mails people receive, in their language. Both catalogs have the same keys by type.
const en: Catalog = {
  signInLink: (v) => ({
    subject: `Your ${v.product} sign-in link`,
    text: `Hello ${v.name},\n\nOpen this link to sign in to ${v.product}. It works once and expires in 15 minutes:\n\n${v.link}\n\nIf you did not ask for it, ignore this e-mail.`,
  }),
  signInMatchmakersOnly: (v) => ({
    subject: `Signing in to ${v.product}`,
    text: `Hello ${v.name},\n\nSomeone asked for a sign-in link for this address on ${v.product}. Access restricted: e-mail sign-in is only for matchmakers, so no link was sent. Sign in with your password or another method on the sign-in page:\n\n${v.link}\n\nIf you did not ask for it, ignore this e-mail.`,
  }),
  invitation: (v) => ({
    subject: `${v.inviter} invites you to ${v.product}`,
    text: `Hello ${v.name},\n\n${v.inviter} invites you to fill in your questionnaire on ${v.product}. Create your account here:\n\n${v.link}\n\nThe link is valid for 14 days.`,
  }),
  welcomeMatchmaker: (v) => ({
    subject: `Welcome to ${v.product}`,
    text: `Hello ${v.name},\n\nAn account for your agency has been created on ${v.product}. Open this link to sign in and finish setting up your agency. It works once and expires in 72 hours:\n\n${v.link}\n\nLater you can always ask for a new sign-in link on the sign-in page.`,
  }),
  editLink: (v) => ({
    subject: `${v.inviter} asks you to complete your questionnaire`,
    text: `Hello ${v.name},\n\n${v.inviter} asks you to complete your questionnaire on ${v.product}. Open this link to edit it; no sign-in is needed. It works for 7 days:\n\n${v.link}\n\nPlease do not forward this e-mail: the link opens your questionnaire.`,
  }),
  applicationReceived: (v) => ({
    subject: `We received your application to ${v.product}`,
    text: `Hello ${v.name},\n\nThank you for applying to join ${v.product} with ${v.agency}. We have received your application; an administrator reads every one and answers you by e-mail.${v.plan ? `\n\nYou chose the ${v.plan} plan: you can switch it on right after your account is opened.` : ""}\n\nIf you did not apply, ignore this e-mail.\n\nKind regards,\nThe ${v.product} team`,
  }),
  applicationDeclined: (v) => ({
    subject: `Your application to ${v.product}`,
    text: `Hello ${v.name},\n\nThank you for applying to join ${v.product} with ${v.agency}. We have read your application carefully, and we cannot offer you an account at the moment.\n\nThis is not a judgement of your work: we open the platform to new agencies step by step. You are welcome to write to us through the contact page of our site if you have questions or would like to apply again later.\n\nKind regards,\nThe ${v.product} team`,
  }),
  applicationHasAccount: (v) => ({
    subject: `Your ${v.product} account`,
    text: `Hello ${v.name},\n\nSomeone applied to join ${v.product} as a matchmaker with this address. It already has an account, so no application was made: sign in here instead:\n\n${v.link}\n\nIf you did not apply, ignore this e-mail.`,
  }),
  contactMessage: (v) => ({
    subject: `${v.product} contact form: ${v.topic}`,
    text: `A message came through the contact form of ${v.product}.\n\nFrom: ${v.name} <${v.email}>\nTopic: ${v.topic}\n\n${v.message}\n\nReply to this e-mail to answer; all messages are in the admin inbox:\n\n${v.link}`,
  }),
};

const ru: Catalog = {
  signInLink: (v) => ({
    subject: `Ссылка для входа в ${v.product}`,
    text: `Здравствуйте, ${v.name}!\n\nОткройте ссылку, чтобы войти в ${v.product}. Она действует один раз и 15 минут:\n\n${v.link}\n\nЕсли вы не запрашивали вход, просто проигнорируйте это письмо.`,
  }),
  signInMatchmakersOnly: (v) => ({
    subject: `Вход в ${v.product}`,
    text: `Здравствуйте, ${v.name}!\n\nДля этого адреса запросили ссылку для входа в ${v.product}. Доступ ограничен: вход по ссылке из письма доступен только свахам, поэтому ссылка не отправлена. Войдите с паролем или другим способом на странице входа:\n\n${v.link}\n\nЕсли вы не запрашивали вход, просто проигнорируйте это письмо.`,
  }),
  invitation: (v) => ({
    subject: `${v.inviter} приглашает вас в ${v.product}`,
    text: `Здравствуйте, ${v.name}!\n\n${v.inviter} приглашает вас заполнить анкету в ${v.product}. Создайте учётную запись по ссылке:\n\n${v.link}\n\nСсылка действует 14 дней.`,
  }),
  welcomeMatchmaker: (v) => ({
    subject: `Добро пожаловать в ${v.product}`,
    text: `Здравствуйте, ${v.name}!\n\nДля вашего агентства создана учётная запись в ${v.product}. Откройте ссылку, чтобы войти и завершить настройку агентства. Она действует один раз и 72 часа:\n\n${v.link}\n\nНовую ссылку для входа всегда можно запросить на странице входа.`,
  }),
  editLink: (v) => ({
    subject: `${v.inviter} просит вас заполнить анкету`,
    text: `Здравствуйте, ${v.name}!\n\n${v.inviter} просит вас заполнить анкету в ${v.product}. Откройте ссылку, чтобы её отредактировать; входить в систему не нужно. Ссылка действует 7 дней:\n\n${v.link}\n\nПожалуйста, не пересылайте это письмо: ссылка открывает вашу анкету.`,
  }),
  applicationReceived: (v) => ({
    subject: `Мы получили вашу заявку в ${v.product}`,
    text: `Здравствуйте, ${v.name}!\n\nСпасибо за заявку на подключение агентства «${v.agency}» к ${v.product}. Мы её получили: администратор читает каждую заявку и ответит вам по электронной почте.${v.plan ? `\n\nВы выбрали тариф «${v.plan}»: его можно подключить сразу после открытия учётной записи.` : ""}\n\nЕсли вы не подавали заявку, просто проигнорируйте это письмо.\n\nС уважением,\nкоманда ${v.product}`,
  }),
  applicationDeclined: (v) => ({
    subject: `Ваша заявка в ${v.product}`,
    text: `Здравствуйте, ${v.name}!\n\nСпасибо, что подали заявку на подключение агентства «${v.agency}» к ${v.product}. Мы внимательно прочитали её и, к сожалению, пока не можем открыть вам доступ.\n\nЭто не оценка вашей работы: мы подключаем новые агентства постепенно. Если у вас есть вопросы или вы захотите подать заявку позже, напишите нам через страницу контактов на нашем сайте.\n\nС уважением,\nкоманда ${v.product}`,
  }),
  applicationHasAccount: (v) => ({
    subject: `Ваша учётная запись в ${v.product}`,
    text: `Здравствуйте, ${v.name}!\n\nКто-то подал заявку на подключение к ${v.product} как сваха с этим адресом. У адреса уже есть учётная запись, поэтому заявка не создана: войдите по ссылке:\n\n${v.link}\n\nЕсли вы не подавали заявку, просто проигнорируйте это письмо.`,
  }),
  contactMessage: (v) => ({
    subject: `${v.product}, форма связи: ${v.topic}`,
    text: `Через форму связи ${v.product} пришло сообщение.\n\nОт: ${v.name} <${v.email}>\nТема: ${v.topic}\n\n${v.message}\n\nЧтобы ответить, ответьте на это письмо; все сообщения есть во входящих администратора:\n\n${v.link}`,
  }),
};

export function mailText(locale: Locale | string, key: keyof Catalog, values: Record<string, string>) {
  return (locale === "en-US" ? en : ru)[key](values);
}
