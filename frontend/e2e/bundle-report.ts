// npm run bundle-report: the JavaScript a visitor of "/" downloads, in gzip bytes
// (each script as served, compressed with gzip -9), against E2E_BASE_URL.
import { gzipSync } from "node:zlib";
import { BASE_URL, launch, siteCookies } from "./browser.ts";

const { browser, close } = await launch();
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ctx.addCookies(siteCookies("fr"));
  const page = await ctx.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.set(r.url(), r.body());
  });
  await page.goto(BASE_URL + "/", { waitUntil: "networkidle" });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  let raw = 0;
  let gz = 0;
  const rows: string[] = [];
  for (const [url, body] of scripts) {
    const b = await body;
    const g = gzipSync(b, { level: 9 }).length;
    raw += b.length;
    gz += g;
    rows.push(`  ${String(g).padStart(7)}  ${new URL(url).pathname}`);
  }
  console.log(rows.sort().reverse().join("\n"));
  console.log(`JavaScript downloaded by /: ${gz} bytes gzip (${(gz / 1024).toFixed(1)} KiB), ${raw} bytes raw, ${scripts.size} files`);
  await ctx.close();
} finally {
  await close();
}
