import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { BASE_URL, untilRendered, visitor } from "./helpers.ts";

// The first view of "/" has a budget (150 KB sent, images excluded: the bundle
// report). The page arrives rendered with its data, so it needs neither the API
// client (supabase-js, its own chunk) nor a read of its own; the trip search reads
// the rental rules once the visitor starts using it.

let browser: Browser;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ browser, close } = await launch());
  // A page whose data changed since its render is refetched on purpose: measure a current one.
  await untilRendered(["/"], ["fr"]);
}, 300_000); // the server renders in the background, minutes on a busy machine
afterAll(() => close());

describe("the first view of the home page", () => {
  it("loads no API client and reads nothing until the trip search is used", async () => {
    const { page, ctx, errors } = await visitor(browser, { lang: "fr" });
    const asked: string[] = [];
    page.on("request", (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(BASE_URL + "/", { waitUntil: "networkidle" });

    expect(asked.filter((p) => /^\/(rest|auth|storage\/v1\/object|realtime)\//.test(p))).toEqual([]);
    expect(asked.filter((p) => /\/assets\/supabase-[^/]*\.js$/.test(p))).toEqual([]);

    // Using the form reads the rules it checks a trip against.
    const rules = page.waitForRequest((r) => new URL(r.url()).pathname === "/rest/v1/rental_rules");
    await page.getByTestId("trip-search").getByLabel("Date de prise en charge").focus();
    await rules;
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
