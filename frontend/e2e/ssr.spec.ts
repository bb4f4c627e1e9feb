import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { adminClient } from "./admin-helpers.ts";
import { anon, BASE_URL, priceOf, untilRendered } from "./helpers.ts";

// The public pages arrive as HTML that already shows them (server/ssr), in the
// visitor's language and direction, and the browser hydrates without a mismatch or a
// second fetch of what the HTML holds. Pages are rendered ahead of visitors: a change
// of data is on the pages that show it within seconds.

let browser: Browser;
let close: () => Promise<void>;
let cars: { slug: string; name: string; brand: string; price: number }[];
let post: { slug: string; title: string; content: string; translations: Record<string, { title?: string; content?: string }> };

beforeAll(async () => {
  ({ browser, close } = await launch());
  cars = await anon("cars?select=slug,name,brand,price&order=id");
  const posts = await anon<(typeof post)[]>("blog_posts?select=slug,title,content,translations&status=eq.published&order=created_at.desc&limit=1");
  if (!posts[0]) throw new Error("the seed has no published post");
  post = posts[0];
  // What other specs changed is rendered in the background: the markup checked here
  // is the server's current render, not the last one marked stale.
  await untilRendered(["/", "/vehicles", `/cars/${cars[0]!.slug}`, "/blog", `/blog/${post.slug}`, "/mentions-legales"]);
}, 300_000);
afterAll(() => close());

async function open(opts: { javaScript: boolean; locale: string }): Promise<{ page: Page; done: () => Promise<void> }> {
  const ctx = await browser.newContext({ javaScriptEnabled: opts.javaScript, locale: opts.locale });
  const page = await ctx.newPage();
  return { page, done: () => ctx.close() };
}

/** The post's first paragraph as text. */
function firstParagraph(html: string): string {
  const m = /<p[^>]*>(.*?)<\/p>/s.exec(html);
  return (m?.[1] ?? "").replace(/<[^>]+>/g, "").replace(/&nbsp;/g, " ").trim();
}

describe("without JavaScript", () => {
  for (const [lang, locale, dir] of [
    ["fr", "fr-FR", "ltr"],
    ["ar", "ar-MA", "rtl"],
  ] as const) {
    it(`/vehicles shows the cars, their names and prices, in ${lang} (${dir})`, async () => {
      const { page, done } = await open({ javaScript: false, locale });
      try {
        await page.goto(`${BASE_URL}/vehicles`);
        expect(await page.locator("html").getAttribute("lang")).toBe(lang);
        expect(await page.locator("html").getAttribute("dir")).toBe(dir);
        const cards = page.getByTestId("car-card");
        const n = await cards.count();
        expect(n).toBeGreaterThan(0);
        for (let i = 0; i < n; i++) {
          const card = cards.nth(i);
          const slug = await card.getAttribute("data-slug");
          const car = cars.find((c) => c.slug === slug);
          expect(car, "a card of a car the database has").toBeDefined();
          expect(await card.textContent()).toContain(car!.name);
          expect(priceOf(await card.locator(".price strong").textContent())).toBe(car!.price);
        }
      } finally {
        await done();
      }
    });

    it(`the notice about JavaScript is in ${lang} only, and the fleet's search form is not shown`, async () => {
      const { page, done } = await open({ javaScript: false, locale });
      try {
        await page.goto(`${BASE_URL}/vehicles`);
        const shown = page.locator(".no-js-notice p:visible");
        expect(await shown.count()).toBe(1);
        expect(await shown.getAttribute("lang")).toBe(lang);
        expect(await page.getByTestId("trip-search").count(), "the form is in the markup").toBeGreaterThan(0);
        expect(await page.getByTestId("trip-search").first().isVisible()).toBe(false);
      } finally {
        await done();
      }
    });

    it(`a blog post shows its text in ${lang} (${dir})`, async () => {
      const { page, done } = await open({ javaScript: false, locale });
      try {
        await page.goto(`${BASE_URL}/blog/${post.slug}`);
        expect(await page.locator("html").getAttribute("dir")).toBe(dir);
        // In the page's language where the agency wrote it, else the French.
        await expect(page.locator("h1").textContent()).resolves.toContain(post.translations[lang]?.title ?? post.title);
        const text = firstParagraph(post.translations[lang]?.content ?? post.content);
        expect(text.length).toBeGreaterThan(10);
        expect(await page.getByTestId("post-content").textContent()).toContain(text);
      } finally {
        await done();
      }
    });
  }
});

describe("a price changed in the back office", () => {
  it("is on the car's page and the fleet, served without JavaScript, within 5 s, in fr, en and ar", async () => {
    const car = cars[0]!;
    const db = await adminClient();
    const newPrice = car.price + 7;
    const { page, done } = await open({ javaScript: false, locale: "fr-FR" });
    try {
      // As the administrator, through /rest/v1, as the back office does.
      const { error } = await db.from("cars").update({ price: newPrice }).eq("slug", car.slug);
      expect(error).toBeNull();
      const deadline = Date.now() + 5_000;
      const seen: string[] = [];
      for (const lang of ["fr", "en", "ar"]) {
        for (const [path, price] of [
          [`/cars/${car.slug}`, ".car-hero-price strong"],
          ["/vehicles", `[data-slug="${car.slug}"] .price strong`],
        ] as const) {
          for (;;) {
            await page.goto(`${BASE_URL}${path}?lang=${lang}`);
            const shown = priceOf(await page.locator(price).first().textContent());
            if (shown === newPrice && (await page.locator("html").getAttribute("lang")) === lang) break;
            if (Date.now() > deadline) throw new Error(`5 s after the change ${path} in ${lang} shows ${shown}, not ${newPrice} (seen so far: ${seen.join(", ")})`);
            await new Promise((r) => setTimeout(r, 200));
          }
          seen.push(`${path} ${lang}`);
        }
      }
    } finally {
      await done();
      await db.from("cars").update({ price: car.price }).eq("slug", car.slug);
      await db.auth.signOut();
      await untilRendered([`/cars/${car.slug}`, "/vehicles", "/"]);
    }
  });
});

describe("with JavaScript", () => {
  it("hydrates the server's HTML on every public page, without a mismatch or refetching its data", async () => {
    for (const locale of ["fr-FR", "ar-MA"]) {
      const { page, done } = await open({ javaScript: true, locale });
      const errors: string[] = [];
      page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
      page.on("pageerror", (e) => errors.push(e.message));
      try {
        for (const path of ["/", "/vehicles", `/cars/${cars[0]!.slug}`, "/blog", `/blog/${post.slug}`]) {
          const reads: string[] = [];
          const onRequest = (r: { url(): string }) => {
            const u = r.url();
            if (/\/rest\/v1\/(cars|blog_posts|car_images)\?/.test(u)) reads.push(u);
          };
          page.on("request", onRequest);
          await page.goto(BASE_URL + path, { waitUntil: "networkidle" });
          page.off("request", onRequest);
          expect(errors, `${locale} ${path}`).toEqual([]);
          expect(reads, `${locale} ${path}: the HTML's data was fetched again`).toEqual([]);
        }
        // A client-side navigation still loads (the embedded data was only for the first page).
        const read = page.waitForRequest((r) => r.url().includes("/rest/v1/blog_posts?"));
        await page.locator(`a[href="/blog"]`).first().click();
        await page.waitForURL(`${BASE_URL}/blog`);
        await read;
      } finally {
        await done();
      }
    }
  });

  it("shows the cookie card of a first visit with the page, before any script runs; a stored choice keeps it hidden", async () => {
    const { page, done } = await open({ javaScript: true, locale: "fr-FR" });
    try {
      // The site's scripts never arrive: what shows is the served page alone.
      await page.route("**/assets/*.js", (route) => route.abort());
      const car = `/cars/${cars[0]!.slug}`;
      await page.goto(BASE_URL + car);
      await expect.poll(() => page.getByTestId("cookie-consent").isVisible()).toBe(true);
      await page.context().addCookies([{ name: "cookie-consent", value: "essential", url: BASE_URL }]);
      await page.goto(BASE_URL + car);
      expect(await page.getByTestId("cookie-consent").count(), "the card is in the served page").toBe(1);
      expect(await page.getByTestId("cookie-consent").isVisible(), "a stored choice hides it").toBe(false);
      // With the scripts, React removes it once it has adopted the page.
      await page.unroute("**/assets/*.js");
      await page.goto(BASE_URL + car, { waitUntil: "networkidle" });
      await expect.poll(() => page.getByTestId("cookie-consent").count()).toBe(0);
    } finally {
      await done();
    }
  });

  it("adopts the server's elements rather than rendering the page again", async () => {
    const { page, done } = await open({ javaScript: true, locale: "fr-FR" });
    try {
      // Every element of #root as parsed, before the scripts run (they run after "interactive").
      await page.addInitScript(() => {
        document.addEventListener("readystatechange", () => {
          if (document.readyState === "interactive") (window as unknown as { served: Element[] }).served = [...document.querySelectorAll("#root *")];
        });
      });
      for (const path of ["/", "/vehicles", `/cars/${cars[0]!.slug}`, "/blog", `/blog/${post.slug}`, "/mentions-legales"]) {
        await page.goto(BASE_URL + path, { waitUntil: "networkidle" });
        const replaced = await page.evaluate(() => {
          const served = (window as unknown as { served: Element[] }).served;
          // A loading notice ([role=status]) is meant to give way to what it announced.
          return [served.length, served.filter((e) => !e.isConnected && !e.matches("[role=status], [role=status] *")).map((e) => e.outerHTML.slice(0, 80))] as const;
        });
        expect(replaced[0], `${path}: the server rendered it`).toBeGreaterThan(20);
        expect(replaced[1], `${path}: elements of the server's markup replaced`).toEqual([]);
      }
    } finally {
      await done();
    }
  });

  it("draws the not-found answer of an unknown car, post or path without a mismatch, in fr and ar", async () => {
    for (const locale of ["fr-FR", "ar-MA"]) {
      const { page, done } = await open({ javaScript: true, locale });
      const errors: string[] = [];
      page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
      try {
        for (const [path, shown] of [
          ["/cars/no-such-car", "car-not-found"],
          ["/blog/no-such-post", "post-not-found"],
          ["/no-such-page", "not-found"],
        ] as const) {
          const res = await page.goto(BASE_URL + path);
          expect(res?.status(), path).toBe(404);
          await page.getByTestId(shown).waitFor();
          expect(await page.locator("html").getAttribute("dir")).toBe(locale === "ar-MA" ? "rtl" : "ltr");
        }
        expect(errors.filter((e) => e.includes("hydration mismatch"))).toEqual([]);
      } finally {
        await done();
      }
    }
  });

  it("would report a mismatch: data that differs from the markup is caught (the check above can fail)", async () => {
    const { page, done } = await open({ javaScript: true, locale: "fr-FR" });
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    try {
      // The HTML as served, but its embedded data says another price than its markup.
      await page.route(`${BASE_URL}/vehicles`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/("price":)(\d+)/, (_, k: string, v: string) => `${k}${Number(v) + 1}`);
        await route.fulfill({ response, body });
      });
      await page.goto(`${BASE_URL}/vehicles`, { waitUntil: "networkidle" });
      await expect.poll(() => errors.some((e) => e.includes("hydration mismatch"))).toBe(true);
    } finally {
      await done();
    }
  });
});
