import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { anon, BASE_URL, seriousViolations, sticksOutSideways, visitor } from "./helpers.ts";

let browser: Browser;
let close: () => Promise<void>;
let routes: string[];

beforeAll(async () => {
  ({ browser, close } = await launch());
  const [car] = await anon<{ slug: string }[]>("cars?select=slug&order=id&limit=1");
  const [post] = await anon<{ slug: string }[]>("blog_posts?select=slug&status=eq.published&limit=1");
  routes = [
    "/",
    "/vehicles",
    `/cars/${car!.slug}`,
    `/booking/${car!.slug}`,
    "/blog",
    `/blog/${post!.slug}`,
    "/location-courte-duree",
    "/location-longue-duree",
    "/notre-agence",
    "/pourquoi-nous",
    "/contact",
    "/conditions-de-location",
    "/confidentialite",
    "/mentions-legales",
    "/booking-success",
    "/booking-cancelled",
    "/no-such-page",
  ];
});
afterAll(() => close());

describe("axe-core: no serious or critical violation", () => {
  for (const lang of ["fr", "en", "ar"] as const) {
    it(`every public route in ${lang}`, async () => {
      const { page, ctx } = await visitor(browser, { lang, consent: null });
      const found: string[] = [];
      for (const path of routes) {
        await page.goto(BASE_URL + path, { waitUntil: "networkidle" });
        await page.locator("main h1").first().waitFor();
        for (const v of await seriousViolations(page)) {
          found.push(`${path} [${v.impact}] ${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        }
      }
      expect(found).toEqual([]);
      await ctx.close();
    });
  }
});

// 360 px is the narrowest phone the site promises to serve; wider content
// would make the whole page scroll sideways.
describe("360 px wide: nothing sticks out sideways", () => {
  for (const lang of ["fr", "en", "ar"] as const) {
    it(`every public route in ${lang}`, async () => {
      const { page, ctx } = await visitor(browser, { lang, consent: null, width: 360 });
      const found: string[] = [];
      for (const path of routes) {
        await page.goto(BASE_URL + path, { waitUntil: "networkidle" });
        await page.locator("main h1").first().waitFor();
        const wide = await sticksOutSideways(page);
        if (wide) found.push(`${path}: ${wide}`);
      }
      expect(found).toEqual([]);
      await ctx.close();
    });
  }
});
