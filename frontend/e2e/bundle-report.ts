// npm run bundle-report: what a visitor of "/" downloads for the first view, in
// bytes as sent over the wire (after the server's Content-Encoding), against
// E2E_BASE_URL. Images are listed apart: the budget (150 KB) is for the rest.
import { BASE_URL, launch, siteCookies } from "./browser.ts";

type Row = { url: string; type: string; encoding: string; sent: number };

const { browser, close } = await launch();
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await ctx.addCookies(siteCookies("fr"));
  const page = await ctx.newPage();
  // Chromium's own count of the bytes each response took on the wire (headers included).
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Network.enable");
  const seen = new Map<string, Row>();
  cdp.on("Network.responseReceived", (e) => {
    const enc = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === "content-encoding")?.[1] ?? "identity";
    seen.set(e.requestId, { url: e.response.url, type: e.type, encoding: String(enc), sent: 0 });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const row = seen.get(e.requestId);
    if (row) row.sent = e.encodedDataLength;
  });
  await page.goto(BASE_URL + "/", { waitUntil: "networkidle" });
  // Half a second without requests is not the end of the first view on a busy machine
  // (the language file is asked for once the framework has run): wait until the page
  // is interactive (components/ReadyMarker.tsx), then quiet again.
  await page.locator("html[data-ready]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
  const rows = [...seen.values()].filter((r) => !r.url.startsWith("data:"));
  const total = (f: (r: Row) => boolean) => rows.filter(f).reduce((n, r) => n + r.sent, 0);
  for (const r of rows.sort((a, b) => b.sent - a.sent)) {
    const u = new URL(r.url);
    console.log(`  ${String(r.sent).padStart(7)}  ${r.type.padEnd(10)} ${r.encoding.padEnd(8)} ${u.pathname}`);
  }
  const kb = (n: number) => `${n} bytes (${(n / 1000).toFixed(1)} KB)`;
  const scripts = total((r) => r.type === "Script");
  const images = total((r) => r.type === "Image");
  const rest = total((r) => r.type !== "Image");
  console.log(`First view of /: ${kb(rest)} sent without images (budget 150 KB), JavaScript ${kb(scripts)}, images ${kb(images)}, ${rows.length} requests`);
  await ctx.close();
} finally {
  await close();
}
