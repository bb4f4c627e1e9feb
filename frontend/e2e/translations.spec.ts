// Agency content per language: an administrator
// writes a car description and a post in French, English and Arabic in the back
// office's language tabs; the public pages show each language, and a missing
// translation shows the French text, marked lang="fr", with its note.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, siteCookies } from "./browser.ts";
import { admin, seriousViolations, untilReady, untilRendered, untilServed } from "./helpers.ts";
import { adminPage, BASE_URL, expectToast, loginAsAdmin, unique } from "./admin-helpers.ts";

let browser: Browser;
let close: () => Promise<void>;
let ctx: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ browser, close } = await launch());
  ({ ctx, page } = await adminPage(browser, { errors: pageErrors }));
  await loginAsAdmin(page);
});
afterAll(async () => {
  await ctx?.close();
  await close?.();
  expect(pageErrors).toEqual([]);
});

/** A visitor reading the site in one language (its cookie; null: none, like a crawler), JavaScript on. */
async function reader(lang: "fr" | "en" | "ar" | null): Promise<{ p: Page; done: () => Promise<void> }> {
  const c = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  await c.addCookies(lang ? siteCookies(lang) : [{ name: "cookie-consent", value: "accepted", url: BASE_URL }]);
  const p = await c.newPage();
  untilReady(p);
  return { p, done: () => c.close() };
}

/** lang, computed direction and text of the first element matching selector. */
async function block(p: Page, selector: string) {
  return p.locator(selector).first().evaluate((el) => ({
    lang: el.closest("[lang]")?.getAttribute("lang") ?? null,
    direction: getComputedStyle(el).direction,
    text: (el.textContent ?? "").trim(),
  }));
}

const FR = "Citadine de test : agile en ville, sobre sur autoroute.";
const EN = "Test city car: nimble in town, thrifty on the motorway.";
const AR = "سيارة حضرية للاختبار: رشيقة في المدينة واقتصادية على الطريق السيار.";

describe("a car description", () => {
  const name = unique("Lingua");
  let slug = "";

  beforeAll(async () => {
    const [car] = await admin<{ slug: string }[]>("cars", {
      method: "POST",
      body: JSON.stringify({
        name,
        brand: "Dacia",
        category: "Économique",
        price: 260,
        image: "/storage/v1/object/public/car-images/seed/renault-clio-5-1.jpg",
        seats: 5,
        transmission: "manual",
        fuel: "diesel",
        rating: 4.2,
        description: FR,
      }),
    });
    slug = car!.slug;
  });
  afterAll(async () => {
    if (!process.env.KEEP) await admin(`cars?slug=eq.${slug}`, { method: "DELETE" });
  });

  it("written in English only: the Arabic page shows the French with its note", async () => {
    await page.goto(`${BASE_URL}/admin/cars`);
    const row = page.locator(`[data-car-name="${name}"]`);
    await expect.poll(() => row.locator('[data-testid=language-badges] [data-state="missing"]').count()).toBe(2);
    await row.getByRole("button", { name: `Modifier ${name}` }).click();
    const tabs = page.getByTestId("car-language-tabs");
    expect(await tabs.getByRole("tab", { name: /Anglais/ }).textContent()).toContain("traduction manquante");
    await tabs.getByRole("tab", { name: /Anglais/ }).click();
    await page.locator('#adm-car-form textarea[name="description_en"]').fill(EN);
    expect(await tabs.getByRole("tab", { name: /Anglais/ }).textContent()).not.toContain("traduction manquante");
    expect(await tabs.getByRole("tab", { name: /Arabe/ }).textContent()).toContain("traduction manquante");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expectToast(page, "Voiture modifiée avec succès");
    await expect.poll(() => row.locator('[data-testid=language-badges] [data-state="missing"]').count()).toBe(1);
    await untilServed(`/cars/${slug}?lang=en`, (d) => JSON.stringify(d).includes(EN));

    const en = await reader("en");
    await en.p.goto(`${BASE_URL}/cars/${slug}`);
    expect(await block(en.p, "[data-testid=car-description]")).toEqual({ lang: "en", direction: "ltr", text: EN });
    expect(await en.p.getByTestId("in-french").count()).toBe(0);
    await en.done();

    const ar = await reader("ar");
    await ar.p.goto(`${BASE_URL}/cars/${slug}`);
    expect(await ar.p.locator("html").getAttribute("dir")).toBe("rtl");
    // The French, marked as French and read left to right, with the note in Arabic.
    expect(await block(ar.p, "[data-testid=car-description]")).toEqual({ lang: "fr", direction: "ltr", text: FR });
    expect(await ar.p.getByTestId("in-french").textContent()).toBe("هذا النص متوفر بالفرنسية فقط.");
    await ar.done();
  });

  it("written in the three languages: each page shows its own", async () => {
    await page.goto(`${BASE_URL}/admin/cars`);
    await page.locator(`[data-car-name="${name}"]`).getByRole("button", { name: `Modifier ${name}` }).click();
    const tabs = page.getByTestId("car-language-tabs");
    await tabs.getByRole("tab", { name: /Arabe/ }).click();
    const field = page.locator('#adm-car-form textarea[name="description_ar"]');
    expect(await field.getAttribute("dir")).toBe("rtl");
    await field.fill(AR);
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expectToast(page, "Voiture modifiée avec succès");
    await untilServed(`/cars/${slug}?lang=ar`, (d) => JSON.stringify(d).includes(AR));

    for (const [lang, text, dir] of [
      ["fr", FR, "ltr"],
      ["en", EN, "ltr"],
      ["ar", AR, "rtl"],
    ] as const) {
      const r = await reader(lang);
      await r.p.goto(`${BASE_URL}/cars/${slug}`);
      expect(await block(r.p, "[data-testid=car-description]")).toEqual({ lang, direction: dir, text });
      expect(await r.p.getByTestId("in-french").count()).toBe(0);
      await r.done();
    }
    // ?lang= addresses a language (the hreflang alternates) for whoever has no
    // language cookie, like a crawler; a visitor's own choice still wins.
    const crawler = await reader(null);
    await crawler.p.goto(`${BASE_URL}/cars/${slug}?lang=ar`);
    expect(await crawler.p.locator("html").getAttribute("lang")).toBe("ar");
    expect((await block(crawler.p, "[data-testid=car-description]")).text).toBe(AR);
    await crawler.done();
    const chosen = await reader("fr");
    await chosen.p.goto(`${BASE_URL}/cars/${slug}?lang=ar`);
    expect((await block(chosen.p, "[data-testid=car-description]")).text).toBe(FR);
    await chosen.done();
  });
});

describe("a post", () => {
  const title = { fr: `Article ${unique("tri")} : arriver à Casablanca`, en: "Arriving in Casablanca", ar: "الوصول إلى الدار البيضاء" };
  const body = {
    fr: "Bienvenue à l'aéroport Mohammed V.",
    en: "Welcome to Mohammed V Airport.",
    ar: "مرحبًا بكم في مطار محمد الخامس.",
  };
  let slug = "";

  afterAll(async () => {
    if (slug) await admin(`blog_posts?slug=eq.${slug}`, { method: "DELETE" });
  });

  it("is written in three language tabs, one editor each, Arabic right to left", async () => {
    await page.goto(`${BASE_URL}/admin/blogs`);
    await page.getByRole("button", { name: "Nouvel Article" }).click();
    const form = page.locator("#adm-blog-form");
    const tabs = page.getByTestId("blog-language-tabs");
    for (const [lang, tab] of [
      ["fr", /Français/],
      ["en", /Anglais/],
      ["ar", /Arabe/],
    ] as const) {
      await tabs.getByRole("tab", { name: tab }).click();
      const panel = tabs.locator(`[role=tabpanel][data-lang="${lang}"]`);
      const suffix = lang === "fr" ? "" : `_${lang}`;
      await panel.locator(`input[name="title${suffix}"]`).fill(title[lang]);
      await panel.locator(`textarea[name="excerpt${suffix}"]`).fill(`${title[lang]}.`);
      await panel.locator(`input[name="tags${suffix}"]`).fill(`tag-${lang}`);
      const editor = panel.locator(".adm-editor__content");
      await editor.click();
      await page.keyboard.type(body[lang]);
      if (lang === "ar") {
        expect(await editor.getAttribute("dir")).toBe("rtl");
        expect(await editor.getAttribute("lang")).toBe("ar");
      }
    }
    slug = await form.locator('input[name="slug"]').inputValue();
    await form.locator('select[name="status"]').selectOption("published");
    // The French tab's editor kept its text while the others were shown.
    expect(await tabs.locator('[role=tabpanel][data-lang="fr"] .adm-editor__content').textContent()).toBe(body.fr);
    expect(await tabs.locator('[role=tab][data-state="complete"]').count()).toBe(3);
    await page.getByRole("button", { name: "Créer l'article" }).click();
    await expectToast(page, "Article créé avec succès");
    const row = page.locator(`[data-post-title="${title.fr}"]`);
    await row.waitFor();
    expect(await row.locator('[data-testid=language-badges] [data-state="complete"]').count()).toBe(2);
  });

  it("the public pages show each language: the list, the post and its head", async () => {
    // A new post's page is rendered in the background, ahead of its readers.
    await untilRendered(["/blog", `/blog/${slug}`]);
    for (const lang of ["fr", "en", "ar"] as const) {
      const r = await reader(lang);
      await r.p.goto(`${BASE_URL}/blog`);
      await r.p.getByRole("link", { name: title[lang], exact: true }).click();
      await r.p.waitForURL(`${BASE_URL}/blog/${slug}`);
      await expect.poll(() => block(r.p, "main h1")).toEqual({ lang, direction: lang === "ar" ? "rtl" : "ltr", text: title[lang] });
      expect((await block(r.p, "[data-testid=post-content]")).text).toBe(body[lang]);
      expect(await r.p.locator(".post-header .tag").allTextContents()).toEqual([`tag-${lang}`]);
      expect(await r.p.getByTestId("in-french").count()).toBe(0);
      // The server's render (a reload) has the same texts and says where the others are.
      await r.p.reload();
      expect((await block(r.p, "main h1")).text).toBe(title[lang]);
      expect(await r.p.title()).toMatch(new RegExp(`^${title[lang]}( \\|.*)?$`));
      for (const l of ["fr", "en", "ar"]) {
        expect(await r.p.locator(`link[rel=alternate][hreflang="${l}"]`).getAttribute("href")).toMatch(new RegExp(`/blog/${slug}\\?lang=${l}$`));
      }
      await r.done();
    }
  }, 300_000);

  it("a translation left empty shows the French with its note", async () => {
    // The Arabic content removed in the back office (title kept).
    await page.goto(`${BASE_URL}/admin/blogs`);
    await page.locator(`[data-post-title="${title.fr}"]`).getByRole("button", { name: `Modifier ${title.fr}` }).click();
    const tabs = page.getByTestId("blog-language-tabs");
    await tabs.getByRole("tab", { name: /Arabe/ }).click();
    const editor = tabs.locator('[role=tabpanel][data-lang="ar"] .adm-editor__content');
    await editor.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Backspace");
    expect(await tabs.getByRole("tab", { name: /Arabe/ }).textContent()).toContain("traduction incomplète");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Mettre à jour" }).click();
    await expectToast(page, "Article mis à jour avec succès");
    await untilServed(`/blog/${slug}?lang=ar`, (d) => !JSON.stringify(d).includes(body.ar));

    const r = await reader("ar");
    await r.p.goto(`${BASE_URL}/blog/${slug}`);
    expect((await block(r.p, "main h1")).text).toBe(title.ar);
    expect(await block(r.p, "[data-testid=post-content]")).toEqual({ lang: "fr", direction: "ltr", text: body.fr });
    expect(await r.p.getByTestId("in-french").textContent()).toBe("هذا النص متوفر بالفرنسية فقط.");
    expect(await seriousViolations(r.p)).toEqual([]);
    await r.done();
  });
});
