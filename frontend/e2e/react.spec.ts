import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { anon, BASE_URL, isoDaysFromNow } from "./helpers.ts";

// The site runs on React itself (react-dom 19), in the browser as on the server: what
// registers with React's DevTools hook is react-dom 19, and hydrating the pages the
// server rendered (the same for every visitor of a language) reports no recoverable
// error, whatever the visitor's query string and cookies add afterwards.

let browser: Browser;
let close: () => Promise<void>;
let car: { slug: string };
let post: { slug: string };

beforeAll(async () => {
  ({ browser, close } = await launch());
  const [firstCar] = await anon<{ slug: string }[]>("cars?select=slug&order=id&limit=1");
  const [lastPost] = await anon<{ slug: string }[]>("blog_posts?select=slug&status=eq.published&order=created_at.desc&limit=1");
  if (!firstCar || !lastPost) throw new Error("the seed has no car or no published post");
  [car, post] = [firstCar, lastPost];
});
afterAll(() => close());

interface Seen {
  /** What React gave the DevTools hook (inject), one entry per renderer. */
  renderers: { version: string; rendererPackageName: string }[];
  /** Commits React reported to the hook: it rendered. */
  commits: number;
  /** Elements in #root as parsed, before any script ran: the server rendered the page. */
  served: number;
}

/**
 * A browser context whose pages get a DevTools hook before any script (the way the
 * React DevTools extension installs it), and whose console errors are collected.
 */
async function withHook(init: { locale: string; cookies?: { name: string; value: string }[] }): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ locale: init.locale });
  if (init.cookies) await ctx.addCookies(init.cookies.map((c) => ({ ...c, url: BASE_URL })));
  await ctx.addInitScript(() => {
    const seen = { renderers: [] as { version: string; rendererPackageName: string }[], commits: 0, served: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: { version: string; rendererPackageName: string }) {
        seen.renderers.push({ version: renderer.version, rendererPackageName: renderer.rendererPackageName });
        return seen.renderers.length;
      },
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {
        seen.commits++;
      },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") seen.served = document.querySelectorAll("#root *").length;
    });
  });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page, errors };
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

function expectReactDom19(s: Seen, where: string) {
  expect(s.renderers, `${where}: renderers`).toEqual([{ version: expect.stringMatching(/^19\./) as unknown as string, rendererPackageName: "react-dom" }]);
  expect(s.commits, `${where}: React committed`).toBeGreaterThan(0);
}

describe("React 19", () => {
  for (const [lang, locale] of [
    ["fr", "fr-FR"],
    ["ar", "ar-MA"],
  ] as const) {
    it(`hydrates /, /vehicles, a car and a post in ${lang} with react-dom 19 and no recoverable error`, async () => {
      const { ctx, page, errors } = await withHook({ locale });
      try {
        for (const path of ["/", "/vehicles", `/cars/${car.slug}`, `/blog/${post.slug}`]) {
          await page.goto(BASE_URL + path, { waitUntil: "networkidle" });
          const s = await seen(page);
          expect(await page.locator("html").getAttribute("lang"), path).toBe(lang);
          expect(s.served, `${lang} ${path}: the server rendered it`).toBeGreaterThan(20);
          expectReactDom19(s, `${lang} ${path}`);
          expect(errors, `${lang} ${path}`).toEqual([]);
        }
      } finally {
        await ctx.close();
      }
    });
  }

  it("hydrates the same markup whatever the query string and cookies, then applies them", async () => {
    // A stored consent (no card), and dates searched on the fleet page: the server's
    // markup knows neither; the browser adds them once it has hydrated.
    const { ctx, page, errors } = await withHook({ locale: "ar-MA", cookies: [{ name: "cookie-consent", value: "accepted" }] });
    try {
      const trip = `pickup=${isoDaysFromNow(20)}T10:00&return=${isoDaysFromNow(23)}T10:00&place=${encodeURIComponent("Aéroport Mohammed V")}`;
      await page.goto(`${BASE_URL}/vehicles?${trip}&utm_source=x`, { waitUntil: "networkidle" });
      const s = await seen(page);
      expect(s.served, "the server rendered it").toBeGreaterThan(20);
      expectReactDom19(s, "/vehicles?…");
      await expect.poll(() => page.getByTestId("trip-summary").count()).toBe(1);
      expect(await page.getByTestId("cookie-consent").count()).toBe(0);
      expect(errors).toEqual([]);

      // Without the consent cookie, the card shows (it is in the served page and stays once hydrated).
      await ctx.clearCookies();
      await page.goto(`${BASE_URL}/?lang=fr`, { waitUntil: "networkidle" });
      expect((await seen(page)).served, "the server rendered it").toBeGreaterThan(20);
      await expect.poll(() => page.getByTestId("cookie-consent").count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it("renders the back office with react-dom 19", async () => {
    const { ctx, page, errors } = await withHook({ locale: "fr-FR" });
    try {
      await page.goto(`${BASE_URL}/admin`, { waitUntil: "networkidle" });
      await expect.poll(() => page.locator("input[type=email]").count()).toBeGreaterThan(0);
      const s = await seen(page);
      expect(s.served, "the back office is the browser's alone").toBe(0);
      expectReactDom19(s, "/admin");
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
