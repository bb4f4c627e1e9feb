// Lighthouse (npm package, Debian's Chromium, its default mobile emulation: slow 4G
// and 4x CPU) on the public pages a visitor lands on, in French and Arabic. The language
// is the browser's own too (--lang, so Accept-Language says it).
//
// Prints the four category scores and FCP/LCP/TBT/CLS per page. Exits non-zero only
// when accessibility, best practices or SEO is below 100: those do not depend on the
// machine's speed. Performance is reported, never asserted (machines here are shared).
// Each page is a first visit: empty cache, no cookie but the language one (the site
// reads the language from that cookie before navigator.languages), consent card shown.
//
//   E2E_BASE_URL=http://127.0.0.1:54321 npx tsx e2e/lighthouse.ts [--json out.json]
import { writeFileSync } from "node:fs";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { CHROMIUM } from "./browser.ts";
import { anon, BASE_URL } from "./helpers.ts";

const LANGUAGES = ["fr", "en", "ar"] as const;
const ASSERTED = ["accessibility", "best-practices", "seo"] as const;
const CATEGORIES = ["performance", ...ASSERTED] as const;
const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
] as const;

type Row = { lang: string; path: string; scores: Record<string, number>; metrics: Record<string, string>; failures: string[] };

async function pages(): Promise<string[]> {
  const [car] = await anon<{ slug: string }[]>("cars?select=slug&order=id&limit=1");
  const [post] = await anon<{ slug: string }[]>("blog_posts?select=slug&status=eq.published&order=created_at.desc,slug&limit=1");
  if (!car || !post) throw new Error("lighthouse: the database has no car or no published post (seed it)");
  return ["/", "/vehicles", `/cars/${car.slug}`, `/blog/${post.slug}`];
}

async function audit(lang: string, paths: string[]): Promise<Row[]> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", `--lang=${lang}`],
  });
  const rows: Row[] = [];
  try {
    for (const path of paths) {
      const page = await browser.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send("Network.clearBrowserCache");
      await cdp.send("Network.clearBrowserCookies");
      await browser.setCookie({ name: "language", value: lang, domain: new URL(BASE_URL).hostname, path: "/" });
      const result = await lighthouse(
        BASE_URL + path,
        { output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], disableStorageReset: true },
        undefined,
        page,
      );
      // The audit is only worth its label if the page was in that language.
      const shown = await page.evaluate(() => document.documentElement.lang);
      await page.close();
      if (shown !== lang) throw new Error(`lighthouse ${path}: the page was in "${shown}", not "${lang}"`);
      if (!result) throw new Error(`lighthouse: no result for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const scores: Record<string, number> = {};
      for (const c of CATEGORIES) scores[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const metrics: Record<string, string> = {};
      for (const [label, id] of METRICS) metrics[label] = lhr.audits[id]?.displayValue ?? "?";
      // What keeps an asserted category below 100: the failing audits, by id.
      const failures: string[] = [];
      for (const c of ASSERTED) {
        if (scores[c] === 100) continue;
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1) failures.push(`${c}: ${ref.id} (${a.title})`);
        }
      }
      rows.push({ lang, path, scores, metrics, failures });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const paths = await pages();
const rows: Row[] = [];
for (const lang of LANGUAGES) rows.push(...(await audit(lang, paths)));

const head = ["lang", "page", "perf", "a11y", "best", "seo", ...METRICS.map(([l]) => l)];
const table = rows.map((r) => [
  r.lang,
  r.path,
  ...CATEGORIES.map((c) => String(r.scores[c])),
  ...METRICS.map(([l]) => r.metrics[l] ?? "?"),
]);
const widths = head.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
const line = (cells: string[]) => "| " + cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ") + " |";
console.log(line(head));
console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
for (const t of table) console.log(line(t));

const jsonAt = process.argv.indexOf("--json");
if (jsonAt > 0 && process.argv[jsonAt + 1]) writeFileSync(process.argv[jsonAt + 1]!, JSON.stringify(rows, null, 2));

const failed = rows.filter((r) => r.failures.length > 0);
for (const r of failed) for (const f of r.failures) console.error(`lighthouse ${r.lang} ${r.path}: ${f}`);
if (failed.length > 0) process.exit(1);
