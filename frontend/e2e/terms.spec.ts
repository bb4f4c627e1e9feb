import { createInstance, type TFunction } from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminKeyFacts from "../src/features/admin-kit/i18n/fr/keyfacts.json";
import ar from "../locales/ar.json";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import { LEGAL_PATHS } from "../src/config/site.ts";
import { adminPage, expectToast, loginAsAdmin, serviceClient } from "./admin-helpers.ts";
import { BASE_URL, specBrowser, visitor } from "./helpers.ts";

// Terms generated from the rules: the agency changes a category's minimum age,
// licence years and mileage (with its price per extra km) on the back office's
// « Conditions » screen, and within 10 s the terms page and the FAQs say the new
// figures, in fr, en and ar — in the HTML the server renders ahead of visitors
// (read without JavaScript) and on the live page.

const browser = specBrowser();
const LOCALES = { fr, en, ar } as const;
type Lang = keyof typeof LOCALES;
const CATEGORY = "Compact";

const ts = {} as Record<Lang, TFunction>;
/** What the category had before, put back at the end (other specs read the seeded terms). */
let before: Record<string, unknown> | null = null;

// Figures no seeded category has, different on every run; under 1,000, so every
// language writes them as they are (Latin digits, no grouping).
const age = 40 + Math.floor(Math.random() * 40);
const years = 5 + Math.floor(Math.random() * 5);
const km = 400 + Math.floor(Math.random() * 500);

beforeAll(async () => {
  for (const lang of Object.keys(LOCALES) as Lang[]) {
    const i = createInstance();
    await i.init({ lng: lang, resources: { [lang]: { translation: LOCALES[lang] } }, interpolation: { escapeValue: false } });
    ts[lang] = i.t;
  }
  const { data, error } = await serviceClient().from("category_key_facts").select("*").eq("category", CATEGORY).single();
  if (error) throw error;
  before = data;
});

afterAll(async () => {
  if (before) await serviceClient().from("category_key_facts").update(before).eq("category", CATEGORY);
});

/** The sentences the changed category now has in lang's texts, as the language files write them. */
function expected(lang: Lang) {
  const t = ts[lang];
  const category = t("categories.compact");
  return {
    // "47 ans (Compacte)": the category's own age, named, as its figure is not the others'.
    age: t("rentalTerms.group", { value: t("rentalTerms.age", { age: String(age) }), categories: category }),
    licence: t("rentalTerms.group", { value: t("rentalTerms.years", { count: years, n: String(years) }), categories: category }),
    // Up to the price, which the page isolates left-to-right.
    mileage: t("rentalTerms.limited", { km: String(km), price: "\u0000" }).split("\u0000")[0]!,
  };
}

/** The server's stored page for path in lang, without JavaScript, its embedded data left out. */
async function serverText(path: string, lang: Lang): Promise<string> {
  const res = await fetch(BASE_URL + path, { headers: { cookie: `language=${lang}` } });
  const html = await res.text();
  return html.replace(/<script id="page-data"[\s\S]*?<\/script>/, "");
}

describe("terms generated from the rules", () => {
  it("a change made in the back office is on the terms page and the FAQs within 10 s, in fr, en and ar", async () => {
    const { ctx, page } = await adminPage(browser());
    await loginAsAdmin(page, "/admin/terms");
    const form = page.locator(`[data-testid="keyfacts-category"][data-category="${CATEGORY}"]`);
    await form.getByLabel(adminKeyFacts.keyfacts.minDriverAge).fill(String(age));
    await form.getByLabel(adminKeyFacts.keyfacts.minLicenceYears).fill(String(years));
    await form.getByLabel(adminKeyFacts.keyfacts.mileage).fill(String(km));
    // A limited mileage asks for its price per extra km: refused without one.
    await form.getByRole("button", { name: adminKeyFacts.keyfacts.save }).click();
    await expect.poll(() => form.getByLabel(adminKeyFacts.keyfacts.extraKmPrice).getAttribute("aria-invalid")).toBe("true");
    await form.getByLabel(adminKeyFacts.keyfacts.extraKmPrice).fill("1,75");
    await form.getByRole("button", { name: adminKeyFacts.keyfacts.save }).click();
    await expectToast(page, adminKeyFacts.keyfacts.saved);
    await ctx.close();

    // The pre-rendered HTML, without JavaScript: the terms page, the home page's FAQ, the contact page's.
    for (const lang of Object.keys(LOCALES) as Lang[]) {
      const want = expected(lang);
      for (const [path, says] of [
        [LEGAL_PATHS.terms, [want.age, want.licence, want.mileage]],
        ["/", [want.age, want.licence, want.mileage]],
        ["/contact", [want.licence]],
      ] as const) {
        for (const s of says) await expect.poll(() => serverText(path, lang), { timeout: 10_000, interval: 250 }).toContain(s);
      }
    }

    // The live pages, as a visitor opens them.
    for (const lang of Object.keys(LOCALES) as Lang[]) {
      const want = expected(lang);
      const { ctx, page, errors } = await visitor(browser(), { lang });
      await page.goto(BASE_URL + LEGAL_PATHS.terms);
      const terms = page.getByTestId("legal-terms");
      for (const s of [want.age, want.licence, want.mileage]) await expect.poll(() => terms.textContent()).toContain(s);

      await page.goto(BASE_URL + "/");
      // The first answer (open on arrival) states the driver's minimums; the third, the mileage.
      const first = page.locator("#home-faq-a0");
      await expect.poll(() => first.isVisible()).toBe(true);
      for (const s of [want.age, want.licence]) expect(await first.textContent()).toContain(s);
      await page.locator("#home-faq-q2").click();
      await expect.poll(() => page.locator("#home-faq-a2").textContent()).toContain(want.mileage);
      expect(await page.locator("#home-faq-a2").isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
