// npm run screenshots: every public route x fr/en/ar x 1280/375 px into
// frontend/screenshots/. E2E_BASE_URL (or SUPABASE_URL) = a running server (scripts/test-server.sh, make run).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { BASE_URL, launch, siteCookies } from "./browser.ts";

const out = join(import.meta.dirname, "..", "screenshots");
mkdirSync(out, { recursive: true });

async function firstSlug(table: "cars" | "blog_posts"): Promise<string> {
  const cfg = await fetch(`${BASE_URL}/app-config.js`).then((r) => r.text());
  const key = /"anonKey":"([^"]+)"/.exec(cfg)?.[1] ?? "";
  const filter = table === "blog_posts" ? "&status=eq.published" : "";
  const rows = (await fetch(`${BASE_URL}/rest/v1/${table}?select=slug${filter}&order=id&limit=1`, { headers: { apikey: key } })
    .then((r) => (r.ok ? r.json() : []))
    .catch(() => [])) as { slug: string }[];
  return rows[0]?.slug ?? (table === "cars" ? "renault-clio-5" : "missing");
}

const car = await firstSlug("cars");
const post = await firstSlug("blog_posts");
// A searched trip a month ahead, 10:00 to 10:00 four days later.
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const trip = new URLSearchParams({ pickup: `${day(30)}T10:00`, return: `${day(34)}T10:00`, place: "Aéroport Mohammed V" }).toString();
const routes: [string, string][] = [
  ["home", "/"],
  ["vehicles", "/vehicles"],
  ["vehicles-dates", `/vehicles?${trip}`],
  ["car", `/cars/${car}`],
  ["booking", `/booking/${car}`],
  ["booking-dates", `/booking/${car}?${trip}`],
  ["blog", "/blog"],
  ["post", `/blog/${post}`],
  ["short-term", "/location-courte-duree"],
  ["long-term", "/location-longue-duree"],
  ["agency", "/notre-agence"],
  ["why-us", "/pourquoi-nous"],
  ["contact", "/contact"],
  ["success-error", "/booking-success"],
  ["cancelled", "/booking-cancelled"],
  ["404", "/this-page-does-not-exist"],
];
const only = process.env.ROUTES?.split(",");
const fullPage = process.env.FULL_PAGE !== "0";

const { browser, close } = await launch();
try {
  for (const lang of ["fr", "en", "ar"] as const) {
    for (const width of [1280, 375]) {
      const ctx = await browser.newContext({ viewport: { width, height: width > 600 ? 800 : 740 }, deviceScaleFactor: 1 });
      await ctx.addCookies(siteCookies(lang));
      const page = await ctx.newPage();
      for (const [name, path] of routes) {
        if (only && !only.includes(name)) continue;
        await page.goto(BASE_URL + path, { waitUntil: "networkidle" });
        // Scroll through so lazy images load, then back to the top.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 500) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(out, `${name}-${lang}-${width}.png`), fullPage });
      }
      await ctx.close();
    }
  }
  // The consent card on a first visit.
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await ctx.addCookies(siteCookies("fr", null));
  const page = await ctx.newPage();
  await page.goto(BASE_URL + "/", { waitUntil: "networkidle" });
  await page.screenshot({ path: join(out, "consent-fr-375.png") });
  await ctx.close();
  console.log(`screenshots saved in ${out}`);
} finally {
  await close();
}
