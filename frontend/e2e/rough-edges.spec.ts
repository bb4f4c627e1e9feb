import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../locales/ar.json";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import { loginAsAdmin } from "./admin-helpers.ts";
import { CHROMIUM, launch } from "./browser.ts";
import { anon, BASE_URL, freeDates, payByPayPal, sticksOutSideways, visitor, wizardToOptions, wizardToSummary } from "./helpers.ts";

// The rough edges a visitor hits, and the contact form's inline errors: one
// test per edge.

const LOCALES = { fr, en, ar } as const;

interface CarRow {
  id: number;
  slug: string;
  brand: string;
  name: string;
  available: boolean;
  not_available_until: string | null;
}

let browser: Browser;
let close: () => Promise<void>;
let cars: CarRow[];

beforeAll(async () => {
  ({ browser, close } = await launch());
  cars = await anon<CarRow[]>("cars?select=id,slug,brand,name,available,not_available_until&order=id");
});
afterAll(() => close());

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
};

/** Whether two boxes share any pixel. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("rough edges", () => {
  it("at 360 px the header's call button sits beside the brand, not over it (fr, en, ar)", async () => {
    for (const lang of ["fr", "en", "ar"] as const) {
      const { page, ctx } = await visitor(browser, { lang, width: 360 });
      await page.goto(`${BASE_URL}/`);
      const brand = await box(page, ".site-header .brand-text strong");
      for (const other of [".site-header .header-phone", ".site-header .lang-select", ".site-header .burger"]) {
        expect(overlap(brand, await box(page, other)), `${lang}: ${other}`).toBe(false);
      }
      expect(await sticksOutSideways(page)).toBeNull();
      await ctx.close();
    }
  });

  it("on a first visit on a phone the cookie card leaves the search button free", async () => {
    for (const lang of ["fr", "ar"] as const) {
      const { page, ctx } = await visitor(browser, { lang, width: 360, consent: null });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${BASE_URL}/`);
      await page.getByTestId("cookie-consent").waitFor();
      const card = await box(page, '[data-testid="cookie-consent"]');
      const search = await box(page, '[data-testid="search-submit"]');
      expect(overlap(card, search), lang).toBe(false);
      expect(card.y + card.height).toBeLessThanOrEqual(740);
      await ctx.close();
    }
  });

  it("the car page's calendar draws every month's rows at one height (a month of one week is not stretched)", async () => {
    const car = cars.find((c) => c.available && !c.not_available_until)!;
    const { page, ctx } = await visitor(browser, { lang: "fr", width: 1366 });
    await page.goto(`${BASE_URL}/cars/${car.slug}`);
    await page.getByTestId("availability-calendar").locator("td.day").first().waitFor();
    const heights = await page.getByTestId("availability-calendar").locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(4);
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(2);
    await ctx.close();
  });

  it("the home hero's text starts where the header's logo does at 1366 and 1920 px (fr and ar)", async () => {
    for (const lang of ["fr", "ar"] as const) {
      for (const width of [1366, 1920]) {
        const { page, ctx } = await visitor(browser, { lang, width });
        await page.goto(`${BASE_URL}/`);
        await page.locator(".hero h1").waitFor();
        const logo = await box(page, ".site-header .brand");
        const title = await box(page, ".hero h1");
        const where = `${lang} ${width}px`;
        if (lang === "fr") expect(Math.abs(title.x - logo.x), where).toBeLessThan(2);
        else expect(Math.abs(title.x + title.width - (logo.x + logo.width)), where).toBeLessThan(2);
        // Centred with the page: as far from the screen's edge as the logo is.
        expect(Math.min(title.x, width - title.x - title.width), where).toBeGreaterThan(100);
        await ctx.close();
      }
    }
  });

  it("an unavailable car's card does not offer WhatsApp, as its page does not", async () => {
    const off = cars.find((c) => !c.available && !c.not_available_until);
    const on = cars.find((c) => c.available && !c.not_available_until)!;
    expect(off, "the seed has a car out of service").toBeTruthy();
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    await page.goto(`${BASE_URL}/vehicles`);
    const card = (slug: string) => page.locator(`[data-testid="car-card"][data-slug="${slug}"]`);
    await card(off!.slug).waitFor();
    expect(await card(off!.slug).locator(".btn-whatsapp").isDisabled()).toBe(true);
    expect(await card(on.slug).locator(".btn-whatsapp").isDisabled()).toBe(false);
    await page.goto(`${BASE_URL}/cars/${off!.slug}`);
    expect(await page.locator(".car-hero .btn-whatsapp").isDisabled()).toBe(true);
    await ctx.close();
  });

  it("the French WhatsApp text of a card says 'la voiture Audi Q7' (not 'la Audi Q7') and carries no invisible mark", async () => {
    const audi = cars.find((c) => c.brand === "Audi") ?? cars.find((c) => /^[AEIOU]/i.test(c.brand))!;
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    await page.goto(`${BASE_URL}/vehicles`);
    const card = page.locator(`[data-testid="car-card"][data-slug="${audi.slug}"]`);
    await card.waitFor();
    const popup = page.waitForEvent("popup");
    await card.locator(".btn-whatsapp").click();
    const text = new URL((await popup).url()).searchParams.get("text") ?? "";
    expect(text).toContain(`${audi.brand} ${audi.name}`);
    expect(text).not.toMatch(new RegExp(`\\bla ${audi.brand}`));
    expect(text).not.toMatch(/[\u2066-\u2069\u200e\u200f\u202a-\u202e]/);
    expect(text).toMatch(/\d DH/);
    await ctx.close();
  });

  it("on a 390 px phone the running total stays in sight while options are chosen, and follows them", async () => {
    const car = cars.find((c) => c.available && !c.not_available_until)!;
    const { page, ctx } = await visitor(browser, { lang: "fr", width: 390 });
    const { from, to } = await freeDates([car.id], 3, 720);
    await wizardToOptions(page, car.slug, { from, to }, { name: "Nadia Phone", email: "nadia@example.com" });
    const gps = page.locator('input[name="extras"][value="gps"]');
    await gps.waitFor();
    await gps.scrollIntoViewIfNeeded();
    const totalInSight = async () => {
      const bar = page.getByTestId("running-total");
      const b = await bar.boundingBox();
      if (!b) return null;
      const vh = page.viewportSize()!.height;
      return b.y >= 0 && b.y + b.height <= vh + 1 ? ((await bar.locator("strong").textContent()) ?? "").replace(/\D/g, "") : null;
    };
    await expect.poll(totalInSight).toBeTruthy();
    const before = await totalInSight();
    await gps.check();
    await expect.poll(totalInSight).not.toBe(before);
    // The same figure as the summary below the form.
    await expect.poll(async () => (await page.getByTestId("price-total").textContent())?.replace(/\D/g, "")).toBe(await totalInSight());
    expect(await sticksOutSideways(page)).toBeNull();
    await ctx.close();
  });

  it("a phone's header and menu offer tap-to-call (fr and ar, 360 px)", async () => {
    for (const lang of ["fr", "ar"] as const) {
      const { page, ctx } = await visitor(browser, { lang, width: 360 });
      await page.goto(`${BASE_URL}/`);
      const call = page.locator('.header-bar a[href^="tel:"]');
      await call.waitFor();
      expect(await call.getAttribute("href")).toMatch(/^tel:\+212\d+$/);
      const b = (await call.boundingBox())!;
      expect(b.width, lang).toBeGreaterThanOrEqual(40);
      expect(b.x >= 0 && b.x + b.width <= 360, lang).toBe(true);
      expect(await call.getAttribute("aria-label") ?? (await call.textContent()), lang).toContain(LOCALES[lang].nav.call);
      expect(await sticksOutSideways(page), lang).toBeNull();
      await page.locator(".burger").click();
      const inMenu = page.locator('#mobile-menu a[href^="tel:"]');
      await inMenu.waitFor();
      expect(await inMenu.getAttribute("href")).toMatch(/^tel:\+212\d+$/);
      await ctx.close();
    }
  });

  it("an admin form's error goes once its field is filled (no 'Le nom est requis' under a name)", async () => {
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    await loginAsAdmin(page, "/admin/cars");
    await page.getByRole("button", { name: "Ajouter un véhicule" }).click();
    const form = page.locator("#adm-car-form");
    await page.getByRole("button", { name: "Ajouter le véhicule" }).click();
    await form.getByText("Le nom est requis").waitFor();
    await form.getByText("La marque est requise").waitFor();
    await form.locator('input[name="name"]').fill("Duster");
    await form.getByText("Le nom est requis").waitFor({ state: "detached" });
    // The other field, still empty, keeps its error.
    expect(await form.getByText("La marque est requise").count()).toBe(1);
    await ctx.close();
  });
});

describe("the contact form", () => {
  for (const lang of ["fr", "en", "ar"] as const) {
    it(`shows its errors inline, in the page's language (${lang}), never the browser's bubbles`, async () => {
      const words = LOCALES[lang];
      // The browser speaks English: its own bubbles would too.
      const { page, ctx } = await visitor(browser, { lang, locale: "en-US" });
      await page.goto(`${BASE_URL}/contact`);
      const form = page.getByTestId("contact-form");
      await form.waitFor();
      expect(await form.evaluate((f) => (f as HTMLFormElement).noValidate)).toBe(true);
      await form.getByRole("button", { name: words.contact.send }).click();
      for (const k of ["name", "email", "subject", "message"]) {
        expect(await form.getByTestId(`contact-error-${k}`).textContent(), `${lang} ${k}`).toBe(words.booking.errors.required);
      }
      expect(await form.getByTestId("contact-error-phone").count()).toBe(0); // optional
      // The first field in error has the focus and names its error.
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("name"));
      expect(focused).toBe("name");
      const name = form.locator('input[name="name"]');
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await name.getAttribute("aria-describedby"))!;
      expect(await page.evaluate((id) => document.getElementById(id)?.textContent, describedBy)).toBe(words.booking.errors.required);
      // Fixed fields lose their error as they are typed; a wrong address says so.
      await name.fill("Nadia");
      await form.locator('input[name="email"]').fill("nadia");
      expect(await form.getByTestId("contact-error-name").count()).toBe(0);
      expect(await form.getByTestId("contact-error-email").textContent()).toBe(words.booking.errors.email);
      await form.locator('input[name="email"]').fill(`contact-${lang}-${Date.now()}@example.com`);
      await form.locator('input[name="subject"]').fill("Question");
      await form.locator('textarea[name="message"]').fill("Bonjour");
      await form.getByRole("button", { name: words.contact.send }).click();
      await form.locator(".alert-success").waitFor();
      expect(await form.locator(".field-error").count()).toBe(0);
      await ctx.close();
    });
  }
});

describe("back from PayPal to the host name the visitor started on", () => {
  // Two other names for this server: localhost (in ADDITIONAL_REDIRECT_URLS, set by
  // scripts/test.d/50-e2e.sh) and alias.test (not in it), resolved by Chromium itself.
  const site = new URL(BASE_URL);
  const port = site.port;
  let aliased: Browser;
  beforeAll(async () => {
    aliased = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--host-resolver-rules=MAP alias.test 127.0.0.1"],
    });
  });
  afterAll(() => aliased?.close());

  async function payFrom(origin: string, offset: number): Promise<Page> {
    const car = cars.find((c) => c.available && !c.not_available_until)!;
    const ctx = await aliased.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    await ctx.addCookies([
      { name: "language", value: "ar", url: origin },
      { name: "cookie-consent", value: "accepted", url: origin },
    ]);
    const page = await ctx.newPage();
    const { from, to } = await freeDates([car.id], 2, offset);
    await wizardToOptions(page, car.slug, { from, to }, { name: "Host Name", email: `host-${Date.now()}@example.com` }, origin);
    await wizardToSummary(page, { paymentOption: "full" });
    await page.getByTestId("wizard-submit").click();
    await payByPayPal(page);
    return page;
  }

  it("a host name the site allows: back there, in Arabic, with no second cookie card", async () => {
    const origin = `http://localhost:${port}`;
    const page = await payFrom(origin, 760);
    expect(new URL(page.url()).origin).toBe(origin);
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    await expect.poll(() => page.getByTestId("cookie-consent").count()).toBe(0);
    await page.context().close();
  });

  it("a host name it does not allow: back to SITE_URL, still in the booking's language", async () => {
    const page = await payFrom(`http://alias.test:${port}`, 800);
    expect(new URL(page.url()).origin).toBe(site.origin);
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    await page.context().close();
  });
});

