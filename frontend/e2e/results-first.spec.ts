import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import { launch } from "./browser.ts";
import { acceptTerms, anon, BASE_URL, enterDriver, freeDates, isoDaysFromNow, type Lang, priceOf, seriousViolations, sticksOutSideways, TEXTS, visitor } from "./helpers.ts";

// After a search on a phone the results come first: the first car is on the
// first screen, the search and the filters wait behind "Modify" and "Filter"
// (buttons that say whether they are open and move the focus into what they
// open). The results sort by total price. The wizard checks a phone number as
// a real one and asks for the hotel of a hotel delivery.

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ browser, close } = await launch());
});
afterAll(() => close());

/** A phone of 360 × 800 in `lang`. */
async function phone(lang: Lang) {
  const v = await visitor(browser, { lang, width: 360 });
  await v.page.setViewportSize({ width: 360, height: 800 });
  return v;
}

/** The home page's search, as a visitor fills it; lands on the results. */
async function searchFromHome(page: Page, from: string, to: string) {
  await page.goto(BASE_URL + "/");
  const form = page.getByTestId("trip-search");
  await form.locator('[name="pickupDate"]').fill(from);
  await form.locator('[name="returnDate"]').fill(to);
  await page.getByTestId("search-submit").click();
  await page.waitForURL(/\/vehicles\?/);
  await page.locator('[data-testid="car-card"][data-free]').first().waitFor();
}

/** The first card and its name (on a phone its total too) start on the first screen of `height` px, unscrolled. */
async function firstCarOnFirstScreen(page: Page, height: number, withTotal = true) {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const first = page.getByTestId("car-card").first();
  const parts = [first, first.locator(".car-card-title")];
  if (withTotal) parts.push(first.getByTestId("car-total").or(first.getByTestId("car-taken")));
  for (const part of parts) {
    const b = await part.boundingBox();
    expect(b, "on screen").not.toBeNull();
    expect(b!.y).toBeGreaterThanOrEqual(0);
    expect(b!.y + Math.min(b!.height, 40)).toBeLessThanOrEqual(height);
  }
}

const box = async (page: Page, testId: string) => page.getByTestId(testId).first().boundingBox();
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name") ?? document.activeElement?.getAttribute("data-testid") ?? "");

describe("results first on a phone", () => {
  for (const [lang, offset] of [["fr", 40], ["en", 50], ["ar", 60]] as const) {
    it(`${lang}: after a search the first car is on the first screen; Modify and Filter open what they fold`, async () => {
      const T = TEXTS[lang];
      const { page, ctx, errors } = await phone(lang);
      await searchFromHome(page, isoDaysFromNow(offset), isoDaysFromNow(offset + 3));

      // The first card starts on the first screen, its name and its total too.
      await firstCarOnFirstScreen(page, 800);

      // Both folded: the form and the filters are not shown; their buttons say so.
      const modify = page.getByTestId("fold-search");
      const filter = page.getByTestId("fold-filters");
      expect(await page.getByTestId("trip-search").isVisible()).toBe(false);
      expect(await page.getByTestId("filter-category").isVisible()).toBe(false);
      expect(await modify.getAttribute("aria-expanded")).toBe("false");
      expect(await filter.getAttribute("aria-expanded")).toBe("false");
      expect(await modify.textContent()).toContain(T.fleet.modify);
      expect(await filter.textContent()).toContain(T.fleet.filter);

      // From the keyboard: Modify opens the search and puts the focus in it.
      await modify.focus();
      await page.keyboard.press("Enter");
      await page.getByTestId("trip-search").waitFor();
      expect(await modify.getAttribute("aria-expanded")).toBe("true");
      expect(await focusedName(page)).toBe("place");
      // Filter opens the filters instead (one at a time).
      await filter.focus();
      await page.keyboard.press("Enter");
      await page.getByTestId("filter-category").waitFor();
      expect(await filter.getAttribute("aria-expanded")).toBe("true");
      expect(await modify.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByTestId("trip-search").isVisible()).toBe(false);
      expect(await focusedName(page)).toBe("filter-category");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      expect(await filter.getAttribute("aria-expanded")).toBe("false");

      // A new search from the opened form folds it again, the focus back on Modify.
      await modify.click();
      const later = isoDaysFromNow(offset + 5);
      await page.getByTestId("trip-search").locator('[name="pickupDate"]').fill(later);
      await page.getByTestId("trip-search").locator('[name="returnDate"]').fill(isoDaysFromNow(offset + 9));
      await page.getByTestId("search-submit").click();
      await expect.poll(() => new URL(page.url()).searchParams.get("pickup")?.slice(0, 10)).toBe(later);
      await expect.poll(() => page.getByTestId("trip-search").isVisible()).toBe(false);
      expect(await focusedName(page)).toBe("fold-search");

      const found = (await seriousViolations(page)).map((v) => `[${v.impact}] ${v.id}: ${v.help}`);
      const wide = await sticksOutSideways(page);
      if (wide) found.push(wide);
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it("a wide screen shows the search and the filters, and no Modify or Filter button", async () => {
    const { page, ctx } = await visitor(browser, { lang: "en", width: 1366 });
    await searchFromHome(page, isoDaysFromNow(70), isoDaysFromNow(73));
    await firstCarOnFirstScreen(page, 900, false);
    expect(await page.getByTestId("trip-search").isVisible()).toBe(true);
    expect(await page.getByTestId("filter-category").isVisible()).toBe(true);
    expect(await page.getByTestId("fold-search").isVisible()).toBe(false);
    expect(await page.getByTestId("fold-filters").isVisible()).toBe(false);
    expect(await box(page, "car-card")).not.toBeNull();
    await ctx.close();
  });
});

describe("results first on a desktop", () => {
  it("ar at 1366 × 900: the first car and its name are on the first screen after a search", async () => {
    const { page, ctx, errors } = await visitor(browser, { lang: "ar", width: 1366 });
    await searchFromHome(page, isoDaysFromNow(76), isoDaysFromNow(79));
    await firstCarOnFirstScreen(page, 900, false);
    // The search and the filters stay open beside them.
    expect(await page.getByTestId("trip-search").isVisible()).toBe(true);
    expect(await page.getByTestId("filter-category").isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe("sorting the results by total price", () => {
  it("orders the free cars by the total for the dates, lowest or highest first, taken ones last", async () => {
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    await searchFromHome(page, isoDaysFromNow(80), isoDaysFromNow(84));
    const totals = async () => {
      const cards = page.locator('[data-testid="car-card"][data-free="true"]');
      return (await cards.getByTestId("car-total").locator("strong").allTextContents()).map(priceOf);
    };
    const sort = page.getByTestId("results-sort");
    expect(await page.locator(`label[for="${await sort.getAttribute("id")}"]`).textContent()).toBe(fr.fleet.sort);
    await sort.selectOption("priceAsc");
    await expect.poll(async () => {
      const t = await totals();
      return t.length > 1 && t.every((v, i) => i === 0 || t[i - 1]! <= v);
    }).toBe(true);
    await sort.selectOption("priceDesc");
    await expect.poll(async () => {
      const t = await totals();
      return t.length > 1 && t.every((v, i) => i === 0 || t[i - 1]! >= v);
    }).toBe(true);
    // Free cars before taken ones, whatever the order.
    const free = await page.getByTestId("car-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-free")));
    expect(free.indexOf("false") === -1 || free.slice(free.indexOf("false")).every((f) => f === "false")).toBe(true);
    await ctx.close();
  });
});

describe("the details a rental needs", () => {
  it("refuses a phone that is not a real number, asks for the hotel of a hotel delivery, and sends the phone in E.164", async () => {
    const T = en;
    const [car] = await anon<{ id: number; slug: string }[]>("cars?select=id,slug&available=eq.true&not_available_until=is.null&order=id&limit=1");
    const { from, to } = await freeDates([car!.id], 3, 95);
    const { page, ctx, errors } = await visitor(browser, { lang: "en", width: 360 });
    await page.goto(`${BASE_URL}/booking/${car!.slug}?pickup=${from}T10:00&return=${to}T10:00&place=${encodeURIComponent("Hôtel (livraison)")}`);
    await enterDriver(page, { name: "Nadia Phone", email: "nadia-phone@example.com", phone: "12" });
    await page.locator("#err-customerPhone").waitFor();
    expect(await page.locator("#err-customerPhone").textContent()).toBe(T.booking.errors.phone);
    expect(await page.locator("#customerPhone").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#err-hotelName").textContent()).toBe(T.booking.errors.required);
    expect(await page.locator("#err-hotelAddress").textContent()).toBe(T.booking.errors.required);
    // No flight number away from the airport.
    expect(await page.locator("#flightNumber").count()).toBe(0);

    await page.fill("#customerPhone", "06 12 34 56 78");
    await page.fill("#hotelName", "Hyatt Regency");
    await page.fill("#hotelAddress", "Place des Nations Unies, Casablanca");
    await page.getByTestId("wizard-next").click();
    await page.locator('input[name="insurance"]').first().waitFor();
    await page.getByTestId("wizard-next").click();
    await page.getByTestId("booking-summary").waitFor();
    await acceptTerms(page);
    await page.getByTestId("wizard-submit").click();
    await page.getByTestId("booking-confirm").waitFor();
    expect(await page.getByTestId("confirm-phone").textContent()).toBe("+212612345678");
    expect(await page.getByTestId("confirm-hotel").textContent()).toBe("Hyatt Regency, Place des Nations Unies, Casablanca");
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
