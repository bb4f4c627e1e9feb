import { createInstance, type i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { stringsPart } from "../build/strings";
import ar from "../locales/ar.json";
import en from "../locales/en.json";
import fr from "../locales/fr.json";

// Counted words go through each language's plural rules (Intl.PluralRules, which
// i18next reads for `count`): Arabic has six forms (zero, one, two, few for 3–10,
// many for 11–99, other for 100 and more), French says "0 jour" and "1 jour" but
// "2 jours". The strings are loaded as the site loads them: the part every page
// has, and the pages' part as the namespace the default one falls back to.

async function site(lng: "fr" | "en" | "ar", all: Record<string, unknown>): Promise<I18n> {
  const i = createInstance();
  await i.init({
    lng,
    fallbackLng: false,
    fallbackNS: "pages",
    nsSeparator: false,
    interpolation: { escapeValue: false },
    resources: { [lng]: { translation: stringsPart(all, false), pages: stringsPart(all, true) } },
  });
  return i;
}

let t: Record<"fr" | "en" | "ar", I18n["t"]>;
beforeAll(async () => {
  t = { fr: (await site("fr", fr)).t, en: (await site("en", en)).t, ar: (await site("ar", ar)).t };
});

describe("Arabic plurals", () => {
  it("days: one, two, few (3–10), many (11–99), other (100)", () => {
    const days = (n: number) => t.ar("booking.days", { count: n });
    expect([1, 2, 3, 11, 100].map(days)).toEqual(["يوم واحد", "يومان", "3 أيام", "11 يومًا", "100 يوم"]);
  });

  it("the longest rental, the calendar's span and the reading time follow the count", () => {
    expect(t.ar("search.errors.tooLong", { count: 3 })).toBe("لا تتجاوز مدة الكراء 3 أيام.");
    expect(t.ar("search.errors.tooLong", { count: 30 })).toBe("لا تتجاوز مدة الكراء 30 يومًا.");
    expect(t.ar("search.errors.tooLong", { count: 100 })).toBe("لا تتجاوز مدة الكراء 100 يوم.");
    expect(t.ar("calendar.title", { count: 2 })).toBe("التوفر خلال اليومين القادمين");
    expect(t.ar("calendar.title", { count: 60 })).toBe("التوفر خلال 60 يومًا القادمة");
    expect(t.ar("blog.readingTime", { count: 1 })).toBe("مدة القراءة: دقيقة واحدة");
    expect(t.ar("blog.readingTime", { count: 11 })).toBe("مدة القراءة: 11 دقيقة");
  });

  it("a count inside a longer sentence (a list's line) takes its form too", () => {
    const line = (minutes: number) => (t.ar("success.info", { returnObjects: true, minutes, email: "a@b.ma" }) as string[])[1];
    expect(line(1)).toBe("احضر قبل دقيقة واحدة من موعد الاستلام.");
    expect(line(5)).toBe("احضر قبل 5 دقائق من موعد الاستلام.");
    expect(line(15)).toBe("احضر قبل 15 دقيقة من موعد الاستلام.");
  });
});

describe("French plurals", () => {
  it("0 and 1 are singular, 2 is plural", () => {
    expect([0, 1, 2].map((n) => t.fr("booking.days", { count: n }))).toEqual(["0 jour", "1 jour", "2 jours"]);
    expect([0, 1, 2].map((n) => t.fr("search.errors.tooLong", { count: n }))).toEqual([
      "Une location dure au plus 0 jour.",
      "Une location dure au plus 1 jour.",
      "Une location dure au plus 2 jours.",
    ]);
    expect((t.fr("success.info", { returnObjects: true, minutes: 1, email: "a@b.fr" }) as string[])[1]).toBe("Présentez-vous 1 minute avant l'heure de prise en charge.");
    expect((t.fr("success.info", { returnObjects: true, minutes: 15, email: "a@b.fr" }) as string[])[1]).toBe("Présentez-vous 15 minutes avant l'heure de prise en charge.");
  });

  it("English says 1 day and 2 days", () => {
    expect([1, 2].map((n) => t.en("booking.days", { count: n }))).toEqual(["1 day", "2 days"]);
    expect(t.en("home.vehicles.viewAll", { count: 1 })).toBe("See the vehicle");
  });
});

describe("no counted word is written by hand", () => {
  it("no string spells a plural as « (s) » or « (es) »", () => {
    for (const tree of [fr, en, ar]) expect(JSON.stringify(tree)).not.toMatch(/\w\((s|es)\)/);
  });
});
