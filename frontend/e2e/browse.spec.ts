import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { admin, anon, BASE_URL, untilRendered, visitor } from "./helpers.ts";

interface CarRow {
  id: number;
  slug: string;
  brand: string;
  name: string;
  price: number;
}

let browser: Browser;
let close: () => Promise<void>;
let cars: CarRow[];
const extra: number[] = [];

beforeAll(async () => {
  ({ browser, close } = await launch());
  // Enough cars for two pages of 12.
  const base = await anon<CarRow[]>("cars?select=id,slug,brand,name,price&order=id");
  const missing = Math.max(0, 15 - base.length);
  for (let i = 0; i < missing; i++) {
    const [row] = await admin<CarRow[]>("cars", {
      method: "POST",
      body: JSON.stringify({ name: `E2E ${i}`, brand: "Dacia", category: "Économique", price: 200 + i, image: "/fleet/dacia-logan.svg", seats: 5, transmission: "manual", fuel: "diesel", rating: 4.2 }),
    });
    extra.push(row!.id);
  }
  // The pages that list the fleet are rendered again in the background: read them once current.
  if (missing > 0) await untilRendered(["/", "/vehicles"]);
  cars = await anon<CarRow[]>("cars?select=id,slug,brand,name,price&order=id");
});

afterAll(async () => {
  if (extra.length) await admin(`cars?id=in.(${extra.join(",")})`, { method: "DELETE" });
  await close();
});

describe("browsing the fleet", () => {
  it("the home page shows the first 6 cars from the server, the count and a link to all", async () => {
    const { page, ctx, errors } = await visitor(browser, { lang: "en" });
    await page.goto(BASE_URL + "/");
    await page.getByTestId("car-card").first().waitFor();
    expect(await page.getByTestId("car-card").count()).toBe(6);
    expect(await page.getByTestId("results-count").textContent()).toContain(`${cars.length} vehicles found`);
    const firstTitle = await page.locator(".car-card-title").first().textContent();
    expect(firstTitle).toContain(cars[0]!.name);
    await page.getByTestId("view-all").click();
    await page.waitForURL(BASE_URL + "/vehicles");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("filters: brand, seats and price narrow the list, count active filters, and reset", async () => {
    const { page, ctx } = await visitor(browser, { lang: "en" });
    await page.goto(BASE_URL + "/vehicles");
    await page.getByTestId("car-card").first().waitFor();
    const renault = cars.filter((c) => c.brand.toLowerCase() === "renault");
    await page.getByTestId("filter-brand").selectOption("Renault");
    await expect.poll(() => page.getByTestId("car-card").count()).toBe(renault.length);
    expect(await page.getByTestId("active-filters").textContent()).toBe("1 active filter");
    const max = 400;
    await page.getByTestId("filter-max").fill(String(max));
    const cheapRenault = renault.filter((c) => c.price <= max).length;
    await expect.poll(() => page.getByTestId("car-card").count()).toBe(cheapRenault);
    expect(await page.getByTestId("active-filters").textContent()).toBe("2 active filters");
    await page.getByTestId("filter-reset").click();
    await expect.poll(() => page.getByTestId("active-filters").textContent()).toBe("0 active filters");
    expect(await page.getByTestId("car-card").count()).toBe(Math.min(12, cars.length));
    await ctx.close();
  });

  it("paginates by 12 and a filter change goes back to page 1", async () => {
    const { page, ctx } = await visitor(browser, { lang: "en" });
    await page.goto(BASE_URL + "/vehicles");
    await page.getByTestId("car-card").first().waitFor();
    // The cars added above reach the served page with its next render; until then the
    // page is its last render marked stale, and the browser reads the fleet again.
    await expect.poll(() => page.getByTestId("car-card").count(), { timeout: 30_000 }).toBe(12);
    await page.getByRole("button", { name: "Page 2", exact: true }).click();
    await expect.poll(() => page.getByTestId("car-card").count()).toBe(cars.length - 12);
    expect(await page.getByRole("button", { name: "Page 2", exact: true }).getAttribute("aria-current")).toBe("page");
    await page.getByTestId("filter-transmission").selectOption("manual");
    // Back on page 1: either no pager (one page left) or "1" is the current page.
    await expect.poll(async () => (await page.locator(".page-btn.is-current").allTextContents()).join()).toMatch(/^(1)?$/);
    await expect.poll(() => page.getByTestId("car-card").count()).toBeGreaterThan(0);
    await ctx.close();
  });

  it("opens a car, its gallery lightbox wraps both ways and closes with Escape", async () => {
    const images = await anon<{ car_id: number }[]>("car_images?select=car_id");
    const withGallery = cars.find((c) => images.filter((i) => i.car_id === c.id).length >= 2)!;
    const { page, ctx } = await visitor(browser, { lang: "en" });
    await page.goto(BASE_URL + "/vehicles");
    await page.locator(`a[href="/cars/${withGallery.slug}"]`).first().click();
    await page.waitForURL(`${BASE_URL}/cars/${withGallery.slug}`);
    await expect.poll(() => page.locator("h1").textContent()).toContain(withGallery.name);
    await page.locator(".thumbs button").first().waitFor();
    const total = await page.locator(".thumbs button").count();
    await page.getByTestId("main-image").click();
    const counter = page.getByTestId("lightbox-counter");
    await expect.poll(() => counter.textContent()).toBe(`1 / ${total}`);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => counter.textContent()).toBe(`${total} / ${total}`);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => counter.textContent()).toBe(`1 / ${total}`);
    await page.getByRole("button", { name: "Next photo" }).click();
    await expect.poll(() => counter.textContent()).toBe(`2 / ${total}`);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("lightbox").count()).toBe(0);
    await ctx.close();
  });

  it("falls back to the fleet last read when the server errors or cannot be reached, never to made-up prices", async () => {
    for (const [how, toastText] of [
      ["error", "Loading from local data"],
      ["abort", "Connection error - using local data"],
    ] as const) {
      const { page, ctx } = await visitor(browser, { lang: "en" });
      // A first visit reads the fleet (in /vehicles' HTML, server/ssr) and keeps it.
      await page.goto(BASE_URL + "/vehicles");
      const count = await page.getByTestId("results-count").textContent();
      const cars = await carLinksAndPrices(page);
      expect(cars.length).toBeGreaterThan(0);
      // A later visit, the server failing: its own read falls back to that fleet.
      const later = await ctx.newPage();
      await ctx.route(/\/rest\/v1\/cars\b/, (r) => (how === "error" ? r.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }) : r.abort()));
      await later.goto(BASE_URL + "/contact");
      await later.locator('header a[href="/vehicles"]').first().click();
      await later.getByTestId("toast").filter({ hasText: toastText }).waitFor();
      await expect.poll(() => later.getByTestId("results-count").textContent()).toBe(count);
      expect(await carLinksAndPrices(later)).toEqual(cars);
      await ctx.close();
    }
    // A browser that never read the fleet is shown no car rather than invented ones.
    const { page, ctx } = await visitor(browser, { lang: "en" });
    await ctx.route(/\/rest\/v1\/cars\b/, (r) => r.abort());
    await page.goto(BASE_URL + "/contact");
    await page.locator('header a[href="/vehicles"]').first().click();
    await page.getByTestId("toast").filter({ hasText: "Connection error - using local data" }).waitFor();
    expect(await page.getByTestId("car-card").count()).toBe(0);
    await ctx.close();
  });

  it("an unknown car shows the localized not-found text", async () => {
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    await page.goto(BASE_URL + "/cars/no-such-car");
    await page.getByTestId("car-not-found").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Véhicule non trouvé");
    await ctx.close();
  });

  it("the 404 page says so, logs the path and links home", async () => {
    const { page, ctx } = await visitor(browser, { lang: "en" });
    const logged: string[] = [];
    page.on("console", (m) => logged.push(m.text()));
    await page.goto(BASE_URL + "/nowhere-to-be-found");
    await page.getByTestId("not-found").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Oops! Page not found");
    expect(logged.some((l) => l.includes("/nowhere-to-be-found"))).toBe(true);
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL(BASE_URL + "/");
    await ctx.close();
  });

  it("public pages never download the admin chunk", async () => {
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    const scripts: string[] = [];
    const bodies: Promise<{ url: string; text: string }>[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") bodies.push(r.text().then((text) => ({ url: r.url(), text }), () => ({ url: r.url(), text: "" })));
    });
    for (const path of ["/", "/vehicles", `/cars/${cars[0]!.slug}`, "/blog", "/contact"]) {
      await page.goto(BASE_URL + path, { waitUntil: "networkidle" });
    }
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((u) => /admin/i.test(u))).toEqual([]);
    // Nor the back office's texts (its "admin" i18n namespace), whatever chunk holds them.
    const texts = await Promise.all(bodies);
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.filter(({ text }) => text.includes("Gestion des Réservations") || text.includes("Connexion administrateur réussie")).map(({ url }) => url)).toEqual([]);
    await ctx.close();
  });
});

/** The cars a fleet page shows: each one's slug and the price it says. */
async function carLinksAndPrices(page: Page): Promise<string[]> {
  await page.getByTestId("car-card").first().waitFor();
  return page
    .getByTestId("car-card")
    .evaluateAll((cards) => cards.map((c) => `${c.getAttribute("data-slug")} ${c.querySelector(".price strong")?.textContent ?? ""}`));
}
