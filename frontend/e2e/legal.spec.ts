import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../locales/ar.json";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import arLegal from "../locales/legal/ar.json";
import enLegal from "../locales/legal/en.json";
import frLegal from "../locales/legal/fr.json";
import { LEGAL, LEGAL_PATHS } from "../src/config/site.ts";
import { launch } from "./browser.ts";
import { BASE_URL, visitor } from "./helpers.ts";

// Terms of rental, privacy policy and legal notice exist in
// fr/en/ar, are linked from the footer and the cookie card, show their texts in
// the page's language (right to left in Arabic), quote the agency's identifiers
// from config/site.ts, and arrive rendered by the server.

let browser: Browser;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ browser, close } = await launch());
});
afterAll(() => close());

const LOCALES = { fr, en, ar } as const;
/** The pages' texts: the i18next namespace "legal". */
const TEXTS = { fr: frLegal, en: enLegal, ar: arLegal } as const;
const DIR = { fr: "ltr", en: "ltr", ar: "rtl" } as const;
type Doc = "terms" | "privacy" | "notice";
const DOCS: Doc[] = ["terms", "privacy", "notice"];

/** The page's h1, its section titles and its language, as the browser shows them. */
async function expectDoc(page: Page, lang: keyof typeof LOCALES, doc: Doc) {
  const texts = TEXTS[lang][doc];
  await expect.poll(() => new URL(page.url()).pathname).toBe(LEGAL_PATHS[doc]);
  await expect.poll(() => page.locator("main h1").textContent()).toBe(LOCALES[lang].legal[doc].title);
  expect(await page.locator("html").getAttribute("lang")).toBe(lang);
  expect(await page.locator("html").getAttribute("dir")).toBe(DIR[lang]);
  const article = page.getByTestId(`legal-${doc}`);
  const h2s = (await article.locator("h2").allTextContents()).map((s) => s.trim());
  for (const s of texts.sections) expect(h2s).toContain(s.title);
  // Not another language's text: no section title of the other two languages.
  for (const other of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
    if (other === lang) continue;
    for (const s of TEXTS[other][doc].sections) if (!texts.sections.some((x) => x.title === s.title)) expect(h2s).not.toContain(s.title);
  }
  // Arabic text is laid out right to left: the block's computed direction.
  expect(await article.evaluate((el) => getComputedStyle(el).direction)).toBe(DIR[lang]);
}

describe("legal pages", () => {
  for (const lang of ["fr", "en", "ar"] as const) {
    it(`the cookie card's privacy link opens the privacy policy in ${lang}`, async () => {
      const { page, ctx, errors } = await visitor(browser, { lang, consent: null });
      await page.goto(BASE_URL + "/");
      const card = page.getByTestId("cookie-consent");
      const link = card.getByRole("link", { name: LOCALES[lang].cookies.privacy });
      expect(await link.getAttribute("href")).toBe(LEGAL_PATHS.privacy);
      await link.click();
      await expectDoc(page, lang, "privacy");
      // The CNDP declaration number comes from the one setting.
      expect(await page.getByTestId("cndp-number").textContent()).toBe(LEGAL.cndpDeclaration);
      // Law 09-08, with a non-breaking hyphen: the number never splits over two lines.
      expect(await page.getByTestId("legal-privacy").textContent()).toContain("09\u201108");
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it(`the footer links to the three pages, each in ${lang}`, async () => {
      const { page, ctx, errors } = await visitor(browser, { lang });
      await page.goto(BASE_URL + "/vehicles");
      for (const doc of DOCS) {
        const link = page.locator("footer").getByRole("link", { name: LOCALES[lang].legal[doc].title, exact: true });
        expect(await link.getAttribute("href")).toBe(LEGAL_PATHS[doc]);
        await link.click();
        await expectDoc(page, lang, doc);
      }
      // The legal notice quotes the identifiers of config/site.ts LEGAL.
      const notice = page.getByTestId("legal-notice");
      expect(await page.getByTestId("ice-number").textContent()).toBe(LEGAL.ice);
      for (const v of [LEGAL.companyName, LEGAL.rc, LEGAL.publicationDirector, LEGAL.cndpDeclaration]) expect(await notice.textContent()).toContain(v);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it("switching the language on a legal page loads that language's texts", async () => {
    const { page, ctx, errors } = await visitor(browser, { lang: "fr" });
    await page.goto(BASE_URL + LEGAL_PATHS.terms);
    await expectDoc(page, "fr", "terms");
    await page.getByTestId("language-select").selectOption("ar");
    await expect.poll(() => page.locator("html").getAttribute("dir")).toBe("rtl");
    await expectDoc(page, "ar", "terms");
    await page.getByTestId("language-select").selectOption("en");
    await expect.poll(() => page.locator("html").getAttribute("dir")).toBe("ltr");
    await expectDoc(page, "en", "terms");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the server renders them (JavaScript off), in Arabic right to left and in French", async () => {
    // The server builds its renderers in the background after start (docs/performance.md):
    // until then it answers the bare shell, so wait for a rendered page first.
    await expect
      .poll(async () => (await fetch(BASE_URL + LEGAL_PATHS.terms, { headers: { "accept-language": "fr" } })).text(), { timeout: 90_000, interval: 1000 })
      .toContain(`<h1>${fr.legal.terms.title}</h1>`);
    for (const [locale, lang] of [
      ["ar-MA", "ar"],
      ["fr-FR", "fr"],
    ] as const) {
      const ctx = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await ctx.newPage();
      try {
        for (const doc of DOCS) {
          await page.goto(BASE_URL + LEGAL_PATHS[doc]);
          expect(await page.locator("html").getAttribute("dir")).toBe(DIR[lang]);
          expect(await page.locator("main h1").textContent()).toBe(LOCALES[lang].legal[doc].title);
          expect(await page.getByTestId(`legal-${doc}`).locator("h2").first().textContent()).toBeTruthy();
        }
      } finally {
        await ctx.close();
      }
    }
  });

  it("hydrates them without a mismatch", async () => {
    const ctx = await browser.newContext({ locale: "ar-MA" });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      for (const doc of DOCS) {
        await page.goto(BASE_URL + LEGAL_PATHS[doc], { waitUntil: "networkidle" });
        await page.locator("html[data-ready]").waitFor({ state: "attached" });
        expect(errors, doc).toEqual([]);
      }
    } finally {
      await ctx.close();
    }
  });
});
