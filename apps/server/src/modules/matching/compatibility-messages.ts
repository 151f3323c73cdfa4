import type { Locale } from "@matchdesk/contract";

// The compatibility engine's text. The server renders it (results are stored and may be sent to
// an AI model), so it lives here rather than in the web app's catalogs; one table per language.

/** Whose wishes a directional reason talks about: `client` = the candidate against the client's wishes. */
export type Side = "client" | "candidate";

export type Band = "excellent" | "good" | "possible" | "weak";
export type Level = "high" | "mid" | "low";

export type Messages = {
  label: Record<string, string>;
  interest: Record<string, string>;
  age: {
    in(side: Side, age: number, min: number | null, max: number | null): string;
    unknown(side: Side): string;
  };
  height: {
    in(side: Side, h: number, min: number | null, max: number | null): string;
    unknown(side: Side): string;
  };
  /** Education, income, previous relationships, smoking, alcohol against a list of accepted values. */
  list: {
    match(side: Side, label: string): string;
    near(side: Side, label: string): string;
    miss(side: Side, label: string): string;
    unknown(side: Side, label: string): string;
  };
  habit: { same(label: string): string; near(label: string): string; far(label: string): string };
  cities: {
    match(side: Side): string;
    relocate(side: Side): string;
    miss(side: Side): string;
    unknown(side: Side): string;
  };
  faith: { same: string; close: string; different: string };
  familyPlan: { same: string; compatible: string; unsure: string; conflict: string };
  children: { same: string; different: string };
  food: { same: string; close: string; different: string };
  loveLanguage: { same: string; different: string };
  interests(category: string, common: number, of: number): string;
  location: { sameCity: string; relocation: string; longDistance: string; sameCountry: string; far: string };
  psychology: { empathetic(side: Side): string; balanced(side: Side): string; flags(side: Side): string };
  dealBreaker: {
    gender(side: Side): string;
    age(side: Side, age: number): string;
    height(side: Side, h: number): string;
    list(side: Side, label: string): string;
  };
  concern: { narcissism(side: Side): string; borderline(side: Side): string };
  summary(band: Band, percentage: number, clientFit: number, candidateFit: number): string;
  summaryExcluded(reasons: string[]): string;
  analysis: {
    values: Record<Level | "unknown", string>;
    lifestyle: Record<Level | "unknown", string>;
    location: Record<Level, string>;
    balanced(clientFit: number, candidateFit: number): string;
    uneven(clientFit: number, candidateFit: number): string;
    psychology: string;
    excluded: string;
  };
};

const range = (min: number | null, max: number | null, unit = "") =>
  min !== null && max !== null ? `${min}–${max}${unit}` : min !== null ? `${min}+${unit}` : `≤ ${max}${unit}`;

const en: Messages = {
  label: {
    age: "Age",
    height: "Height",
    relationships: "Previous relationships",
    education: "Education",
    income: "Income",
    smoking: "Smoking",
    alcohol: "Alcohol",
    cities: "Preferred cities",
    faith: "Faith",
    familyPlan: "Family plan",
    children: "Wanting children",
    food: "Food",
    loveLanguage: "Love language",
    location: "Location",
    psychology: "Psychology",
    gender: "Gender",
  },
  interest: {
    creativity: "Creativity",
    active_lifestyle: "Active lifestyle",
    food_and_drinks: "Food and drinks",
    social_life: "Social life",
    pets: "Pets",
    sports: "Sports",
    home_time: "Home time",
    travel: "Travel",
    movie: "Movies",
    music: "Music",
  },
  age: {
    in: (s, age, min, max) => `${who(s)} is ${age}, within ${whose(s)} wished age ${range(min, max)}.`,
    unknown: (s) => `${who(s)}'s age is not filled in.`,
  },
  height: {
    in: (s, h, min, max) => `${who(s)} is ${h} cm tall, within ${whose(s)} wished ${range(min, max, " cm")}.`,
    unknown: (s) => `${who(s)}'s height is not filled in.`,
  },
  list: {
    match: (s, l) => `${l}: ${who(s).toLowerCase()} matches ${whose(s)} wishes.`,
    near: (s, l) => `${l}: ${who(s).toLowerCase()} is one step from ${whose(s)} wishes.`,
    miss: (s, l) => `${l}: ${who(s).toLowerCase()} does not match ${whose(s)} wishes.`,
    unknown: (s, l) => `${l}: not filled in for ${who(s).toLowerCase()}.`,
  },
  habit: {
    same: (l) => `${l}: the same habits.`,
    near: (l) => `${l}: slightly different habits.`,
    far: (l) => `${l}: opposite habits.`,
  },
  cities: {
    match: (s) => `${who(s)} lives in one of ${whose(s)} preferred cities.`,
    relocate: (s) => `${who(s)} lives elsewhere but is open to relocation.`,
    miss: (s) => `${who(s)} lives outside ${whose(s)} preferred cities.`,
    unknown: (s) => `${who(s)}'s city is not filled in.`,
  },
  faith: {
    same: "They share the same faith.",
    close: "Their faiths are close.",
    different: "Their faiths differ.",
  },
  familyPlan: {
    same: "They have the same family plan.",
    compatible: "Their family plans are compatible.",
    unsure: "One of them is not sure about a family yet.",
    conflict: "Their family plans conflict.",
  },
  children: {
    same: "They agree on wanting more children.",
    different: "They disagree on wanting more children.",
  },
  food: {
    same: "They eat the same way.",
    close: "Their food habits are easy to combine.",
    different: "Their food habits differ.",
  },
  loveLanguage: {
    same: "They speak the same love language.",
    different: "Their love languages differ.",
  },
  interests: (c, common, of) =>
    common === 0 ? `${c}: no shared interests.` : `${c}: ${common} of ${of} interests shared.`,
  location: {
    sameCity: "They live in the same city.",
    relocation: "They live apart, and one of them is open to relocation.",
    longDistance: "They live apart; both accept a long-distance relationship.",
    sameCountry: "They live in different cities of the same country.",
    far: "They live far apart and neither plans to move.",
  },
  psychology: {
    empathetic: (s) => `${who(s)} scores high on empathy.`,
    balanced: (s) => `${who(s)}'s psychology scores are unremarkable.`,
    flags: (s) => `${who(s)}'s psychology scores show risk factors.`,
  },
  dealBreaker: {
    gender: (s) => `${who(s)}'s gender does not match ${whose(s)} preference.`,
    age: (s, age) => `${who(s)} is ${age}, outside ${whose(s)} age range.`,
    height: (s, h) => `${who(s)} is ${h} cm tall, outside ${whose(s)} height range.`,
    list: (s, l) =>
      `${l} is a deal-breaker for ${whose(s).replace(/'s$/, "")}, and ${who(s).toLowerCase()} does not match.`,
  },
  concern: {
    narcissism: (s) => `${who(s)} has a high narcissism score.`,
    borderline: (s) => `${who(s)} has a high borderline score.`,
  },
  summary: (band, p, c, d) =>
    `${
      {
        excellent: "An excellent match",
        good: "A good match",
        possible: "A possible match with points to discuss",
        weak: "A weak match",
      }[band]
    }: ${p}% overall. The candidate meets ${c}% of the client's wishes; the client meets ${d}% of the candidate's.`,
  summaryExcluded: (reasons) => `Not a match: a deal-breaker applies. ${reasons.join(" ")}`,
  analysis: {
    values: {
      high: "Their core values (faith and plans for children) line up, a solid base for a long-term relationship.",
      mid: "Their values partly differ; faith and family plans are worth discussing early.",
      low: "Their values differ on points that usually matter most in a long-term relationship.",
      unknown: "Their values are not filled in enough to judge.",
    },
    lifestyle: {
      high: "Day to day they would get along easily: similar habits and shared interests.",
      mid: "Their everyday habits and interests overlap in part.",
      low: "Their everyday habits and interests have little in common.",
      unknown: "Their lifestyles are not filled in enough to judge.",
    },
    location: {
      high: "Distance is no obstacle.",
      mid: "Distance needs a plan, but it can work.",
      low: "Distance is a real obstacle.",
    },
    balanced: (c, d) => `The fit is balanced in both directions (${c}% and ${d}%).`,
    uneven: (c, d) =>
      `The fit is uneven (${c}% for the client's wishes, ${d}% for the candidate's): one side may be more interested than the other.`,
    psychology:
      "Psychology scores show a risk factor; talk it through with the client before an introduction.",
    excluded: "An introduction is not advised while a deal-breaker applies.",
  },
};

function who(s: Side) {
  return s === "client" ? "The candidate" : "The client";
}
function whose(s: Side) {
  return s === "client" ? "the client's" : "the candidate's";
}

// Russian: the client is «клиент», the candidate «кандидат»; genitive forms are spelled out.
const kto = (s: Side) => (s === "client" ? "Кандидат" : "Клиент");
const kogo = (s: Side) => (s === "client" ? "клиента" : "кандидата");
const u = (s: Side) => (s === "client" ? "у кандидата" : "у клиента");

const ru: Messages = {
  label: {
    age: "Возраст",
    height: "Рост",
    relationships: "Прошлые отношения",
    education: "Образование",
    income: "Доход",
    smoking: "Курение",
    alcohol: "Алкоголь",
    cities: "Желаемые города",
    faith: "Вера",
    familyPlan: "Планы на семью",
    children: "Желание иметь детей",
    food: "Питание",
    loveLanguage: "Язык любви",
    location: "Местоположение",
    psychology: "Психология",
    gender: "Пол",
  },
  interest: {
    creativity: "Творчество",
    active_lifestyle: "Активный образ жизни",
    food_and_drinks: "Еда и напитки",
    social_life: "Общение",
    pets: "Животные",
    sports: "Спорт",
    home_time: "Время дома",
    travel: "Путешествия",
    movie: "Кино",
    music: "Музыка",
  },
  age: {
    in: (s, age, min, max) =>
      `Возраст ${u(s).slice(2)} ${age}, в желаемом диапазоне ${kogo(s)} (${range(min, max)}).`,
    unknown: (s) => `Возраст ${u(s).slice(2)} не указан.`,
  },
  height: {
    in: (s, h, min, max) =>
      `Рост ${u(s).slice(2)} ${h} см, в желаемом диапазоне ${kogo(s)} (${range(min, max, " см")}).`,
    unknown: (s) => `Рост ${u(s).slice(2)} не указан.`,
  },
  list: {
    match: (s, l) => `${l}: ${kto(s).toLowerCase()} соответствует пожеланиям ${kogo(s)}.`,
    near: (s, l) => `${l}: ${kto(s).toLowerCase()} в одном шаге от пожеланий ${kogo(s)}.`,
    miss: (s, l) => `${l}: ${kto(s).toLowerCase()} не соответствует пожеланиям ${kogo(s)}.`,
    unknown: (s, l) => `${l}: ${u(s)} не указано.`,
  },
  habit: {
    same: (l) => `${l}: одинаковые привычки.`,
    near: (l) => `${l}: немного разные привычки.`,
    far: (l) => `${l}: противоположные привычки.`,
  },
  cities: {
    match: (s) => `${kto(s)} живёт в одном из желаемых городов ${kogo(s)}.`,
    relocate: (s) => `${kto(s)} живёт в другом городе, но готов к переезду.`,
    miss: (s) => `${kto(s)} живёт не в желаемых городах ${kogo(s)}.`,
    unknown: (s) => `Город ${u(s).slice(2)} не указан.`,
  },
  faith: {
    same: "У них одна вера.",
    close: "Их вероисповедания близки.",
    different: "У них разная вера.",
  },
  familyPlan: {
    same: "У них одинаковые планы на семью.",
    compatible: "Их планы на семью совместимы.",
    unsure: "Один из них ещё не определился с планами на семью.",
    conflict: "Их планы на семью противоречат друг другу.",
  },
  children: {
    same: "Они одинаково относятся к рождению детей.",
    different: "Они расходятся в желании иметь детей.",
  },
  food: {
    same: "Они питаются одинаково.",
    close: "Их привычки в еде легко совместить.",
    different: "Их привычки в еде различаются.",
  },
  loveLanguage: {
    same: "У них один язык любви.",
    different: "У них разные языки любви.",
  },
  interests: (c, common, of) =>
    common === 0 ? `${c}: общих интересов нет.` : `${c}: общих интересов ${common} из ${of}.`,
  location: {
    sameCity: "Они живут в одном городе.",
    relocation: "Они живут в разных местах, и один из них готов к переезду.",
    longDistance: "Они живут в разных местах; оба готовы к отношениям на расстоянии.",
    sameCountry: "Они живут в разных городах одной страны.",
    far: "Они живут далеко друг от друга, и никто не готов переехать.",
  },
  psychology: {
    empathetic: (s) => `${kto(s)} отличается высокой эмпатией.`,
    balanced: (s) => `Психологические показатели ${u(s).slice(2)} без особенностей.`,
    flags: (s) => `Психологические показатели ${u(s).slice(2)} указывают на факторы риска.`,
  },
  dealBreaker: {
    gender: (s) => `Пол ${u(s).slice(2)} не подходит ${s === "client" ? "клиенту" : "кандидату"}.`,
    age: (s, age) => `Возраст ${u(s).slice(2)} ${age}, вне диапазона ${kogo(s)}.`,
    height: (s, h) => `Рост ${u(s).slice(2)} ${h} см, вне диапазона ${kogo(s)}.`,
    list: (s, l) => `${l}: обязательное условие ${kogo(s)}, ${kto(s).toLowerCase()} ему не соответствует.`,
  },
  concern: {
    narcissism: (s) => `${u(s).charAt(0).toUpperCase()}${u(s).slice(1)} высокий показатель нарциссизма.`,
    borderline: (s) => `${u(s).charAt(0).toUpperCase()}${u(s).slice(1)} высокий показатель пограничности.`,
  },
  summary: (band, p, c, d) =>
    `${
      {
        excellent: "Отличная пара",
        good: "Хорошая пара",
        possible: "Возможная пара, есть что обсудить",
        weak: "Слабая совместимость",
      }[band]
    }: ${p}% в целом. Кандидат соответствует пожеланиям клиента на ${c}%, клиент пожеланиям кандидата — на ${d}%.`,
  summaryExcluded: (reasons) => `Не пара: действует обязательное условие. ${reasons.join(" ")}`,
  analysis: {
    values: {
      high: "Их главные ценности (вера и планы на детей) совпадают: хорошая основа для долгих отношений.",
      mid: "Их ценности отчасти различаются; веру и планы на семью стоит обсудить заранее.",
      low: "Их ценности расходятся в том, что обычно важнее всего для долгих отношений.",
      unknown: "Ценности заполнены недостаточно, чтобы их оценить.",
    },
    lifestyle: {
      high: "В повседневной жизни им будет легко: похожие привычки и общие интересы.",
      mid: "Их привычки и интересы частично совпадают.",
      low: "В привычках и интересах у них мало общего.",
      unknown: "Образ жизни заполнен недостаточно, чтобы его оценить.",
    },
    location: {
      high: "Расстояние не помеха.",
      mid: "Расстояние потребует договорённостей, но это решаемо.",
      low: "Расстояние — серьёзное препятствие.",
    },
    balanced: (c, d) => `Совместимость сбалансирована в обе стороны (${c}% и ${d}%).`,
    uneven: (c, d) =>
      `Совместимость неравная (${c}% по пожеланиям клиента, ${d}% по пожеланиям кандидата): интерес одной стороны может быть сильнее.`,
    psychology:
      "Психологические показатели указывают на фактор риска; обсудите это с клиентом до знакомства.",
    excluded: "Знакомство не рекомендуется, пока действует обязательное условие.",
  },
};

export const MESSAGES: Record<Locale, Messages> = { "en-US": en, "ru-RU": ru };
