import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { admin, anon, BASE_URL, loseFirstAnswer, visitor } from "./helpers.ts";

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ browser, close } = await launch());
});
afterAll(() => close());

describe("contact", () => {
  it("sends a message: sending state, success, form cleared, stored as new", async () => {
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    await page.goto(BASE_URL + "/contact");
    const form = page.getByTestId("contact-form");
    const subject = `E2E ${Date.now()}`;
    await form.getByLabel("Nom complet").fill("Camille Contact");
    await form.getByLabel("E-mail").fill("camille@example.com");
    await form.getByLabel("Sujet").fill(subject);
    await form.getByLabel("Message").fill("Bonjour, avez-vous un siège bébé ?");
    await form.getByRole("button", { name: "Envoyer le message" }).click();
    await form.getByText("Message envoyé avec succès ! Nous vous recontacterons rapidement.").waitFor();
    expect(await form.getByLabel("Sujet").inputValue()).toBe("");
    const rows = await admin<{ status: string; phone: string | null; name: string }[]>(`contacts?subject=eq.${encodeURIComponent(subject)}&select=*`);
    expect(rows).toEqual([expect.objectContaining({ status: "new", phone: null, name: "Camille Contact" })]);
    await ctx.close();
  });

  it("a message resent after its answer was lost is stored once", async () => {
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    await page.goto(BASE_URL + "/contact");
    const form = page.getByTestId("contact-form");
    const subject = `E2E lost ${Date.now()}`;
    await form.getByLabel("Nom complet").fill("Lou Lost");
    await form.getByLabel("E-mail").fill("lou@example.com");
    await form.getByLabel("Sujet").fill(subject);
    await form.getByLabel("Message").fill("Le premier envoi arrive, sa réponse se perd.");
    // The first insert reaches the server, then the connection drops before the answer.
    const sent = await loseFirstAnswer(page, "**/rest/v1/contacts*", 201);
    const send = form.getByRole("button", { name: "Envoyer le message" });
    await send.click();
    await form.locator(".alert-error").waitFor(); // the visitor sees an error, the text is kept
    expect(await form.getByLabel("Sujet").inputValue()).toBe(subject);
    await send.click();
    await form.getByText("Message envoyé avec succès ! Nous vous recontacterons rapidement.").waitFor();
    expect(sent()).toBe(2);
    const rows = await admin<unknown[]>(`contacts?subject=eq.${encodeURIComponent(subject)}&select=id`);
    expect(rows).toHaveLength(1);
    await ctx.close();
  });
});

describe("blog", () => {
  it("lists published posts and reads one with similar posts", async () => {
    // An English visitor reads the English title where there is one.
    const rows = await anon<{ slug: string; title: string; en: string | null }[]>(
      "blog_posts?select=slug,title,en:translations->en->>title&status=eq.published&order=created_at.desc",
    );
    const posts = rows.map((p) => ({ slug: p.slug, title: p.en || p.title }));
    expect(posts.length).toBeGreaterThan(1);
    const { page, ctx } = await visitor(browser, { lang: "en" });
    await page.goto(BASE_URL + "/blog");
    await page.getByTestId("post-card").first().waitFor();
    expect(await page.getByTestId("post-card").count()).toBe(posts.length);
    await page.getByRole("link", { name: posts[0]!.title, exact: true }).click();
    await page.waitForURL(`${BASE_URL}/blog/${posts[0]!.slug}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(posts[0]!.title);
    expect(await page.getByText("Reading time: 5 min").count()).toBe(1);
    await page.getByRole("heading", { name: "Similar articles" }).waitFor();
    expect(await page.getByTestId("post-card").count()).toBe(Math.min(3, posts.length - 1));
    await ctx.close();
  });

  it("on the Arabic site a French post and car description read left to right, the page right to left", async () => {
    // French-only content (the seed's is translated: its Arabic reads right to left).
    const slug = `fr-only-${Date.now()}`;
    await admin("blog_posts", { method: "POST", body: JSON.stringify({ title: "Article en français", slug, excerpt: "x", status: "published", content: "<p>Texte en français.</p>" }) });
    const [car] = await admin<{ slug: string }[]>("cars", {
      method: "POST",
      body: JSON.stringify({ name: `Fr ${slug}`, brand: "Dacia", category: "Économique", price: 250, image: "/a.jpg", seats: 5, transmission: "manual", fuel: "diesel", rating: 4, description: "Une description en français." }),
    });
    try {
      const { page, ctx } = await visitor(browser, { lang: "ar" });
      const direction = (selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).direction);
      await page.goto(`${BASE_URL}/blog/${slug}`);
      await page.getByTestId("post-content").waitFor();
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      expect(await direction("main h1")).toBe("ltr");
      expect(await direction("[data-testid=post-content]")).toBe("ltr");
      expect(await direction(".post-meta")).toBe("rtl");
      await page.goto(`${BASE_URL}/cars/${car!.slug}`);
      await page.locator("#details-title").waitFor();
      expect(await direction("#details-title + p")).toBe("ltr");
      expect(await direction("#details-title")).toBe("rtl");
      // The seed's translated post reads right to left.
      const [seeded] = await anon<{ slug: string }[]>("blog_posts?select=slug&status=eq.published&translations->ar->>content=not.is.null&order=created_at.desc&limit=1");
      await page.goto(`${BASE_URL}/blog/${seeded!.slug}`);
      await page.getByTestId("post-content").waitFor();
      expect(await direction("main h1")).toBe("rtl");
      expect(await direction("[data-testid=post-content]")).toBe("rtl");
      await ctx.close();
    } finally {
      await admin(`blog_posts?slug=eq.${slug}`, { method: "DELETE" });
      await admin(`cars?slug=eq.${car!.slug}`, { method: "DELETE" });
    }
  });

  it("a post carrying a script payload renders inert", async () => {
    const slug = `xss-${Date.now()}`;
    await admin("blog_posts", {
      method: "POST",
      body: JSON.stringify({
        title: "Payload",
        slug,
        excerpt: "x",
        status: "published",
        content: `<p id="ok">Safe text</p><script>window.__pwned = 1</script><img src="/nope.png" onerror="window.__pwned = 2"><a href="javascript:window.__pwned=3" id="js">link</a><iframe src="/"></iframe>`,
      }),
    });
    try {
      const { page, ctx } = await visitor(browser, { lang: "en" });
      await page.goto(`${BASE_URL}/blog/${slug}`, { waitUntil: "networkidle" });
      await page.locator("#ok").waitFor();
      const content = page.getByTestId("post-content");
      expect(await content.locator("script, iframe").count()).toBe(0);
      expect(await content.locator("img").getAttribute("onerror")).toBeNull();
      expect(await content.locator("#js").getAttribute("href")).toBeNull();
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await ctx.close();
    } finally {
      await admin(`blog_posts?slug=eq.${slug}`, { method: "DELETE" });
    }
  });
});

describe("languages", () => {
  it("detects the browser language, switches fr/en/ar on several pages, and remembers the choice", async () => {
    const { page, ctx } = await visitor(browser, { lang: null, consent: "accepted", locale: "fr-FR" });
    await page.goto(BASE_URL + "/vehicles");
    await page.getByTestId("car-card").first().waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    expect(await page.locator("h1").textContent()).toBe("Notre flotte");

    await page.getByTestId("language-select").selectOption("ar");
    await expect.poll(() => page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    expect(await page.locator("h1").textContent()).toBe("أسطولنا");
    const cookie = (await ctx.cookies()).find((c) => c.name === "language");
    expect(cookie?.value).toBe("ar");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);

    for (const [path, heading] of [
      ["/contact", "اتصل بنا"],
      ["/notre-agence", "وكالة محلية في قلب مطار محمد الخامس"],
      ["/blog", "المدونة"],
    ] as const) {
      await page.goto(BASE_URL + path);
      await expect.poll(() => page.locator("h1").first().textContent()).toBe(heading);
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    }

    await page.getByTestId("language-select").selectOption("en");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Blog");
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    await page.reload();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    await ctx.close();
  });

  it("an invalid language cookie is ignored; an unknown browser language gives English", async () => {
    const { page, ctx } = await visitor(browser, { lang: null, consent: "accepted", locale: "de-DE" });
    await ctx.addCookies([{ name: "language", value: "de", url: BASE_URL }]);
    await page.goto(BASE_URL + "/pourquoi-nous");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Why choose us?");
    await ctx.close();
  });
});

describe("keyboard", () => {
  it("on a phone: skip link, menu open and closed with keys, and a page change moves the focus to the new page", async () => {
    const { page, ctx, errors } = await visitor(browser, { lang: "en", width: 360 });
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.className || "");
    await page.goto(BASE_URL + "/blog");
    await page.locator("main h1").waitFor();

    await page.keyboard.press("Tab");
    const skip = page.locator(".skip-link");
    expect(await focused()).toBe("skip-link");
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0); // on screen once focused
    await page.keyboard.press("Enter");
    expect(await focused()).toBe("main");

    // Backwards from the content: the menu button is the last stop of the header.
    await page.keyboard.press("Shift+Tab");
    const burger = page.locator("button.burger");
    expect(await burger.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const menu = page.locator("#mobile-menu");
    await menu.waitFor();
    expect(await burger.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("#mobile-menu") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await burger.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    await menu.waitFor();
    await page.keyboard.press("Tab"); // Home
    await page.keyboard.press("Tab"); // Vehicles
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Vehicles");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/vehicles$/);
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Our fleet");
    expect(await menu.isHidden()).toBe(true);
    expect(await focused()).toBe("main");
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe("cookie consent", () => {
  const card = "[data-testid=cookie-consent]";

  it("shows on a first visit; reject all removes every cookie but consent and language", async () => {
    const { page, ctx } = await visitor(browser, { lang: "fr", consent: null });
    await ctx.addCookies([{ name: "_ga", value: "GA1.1.123", url: BASE_URL }]);
    await page.goto(BASE_URL + "/");
    await page.locator(card).waitFor();
    await page.getByRole("button", { name: "Tout refuser" }).click();
    await expect.poll(() => page.locator(card).count()).toBe(0);
    const names = (await ctx.cookies()).map((c) => `${c.name}=${c.value}`).sort();
    expect(names).toEqual(["cookie-consent=rejected", "language=fr"]);
    await page.reload();
    await page.getByTestId("car-card").first().waitFor();
    // The served page carries the card of a first visit; a stored choice hides it at
    // once and React removes it once it has adopted the page.
    expect(await page.locator(card).isVisible()).toBe(false);
    await expect.poll(() => page.locator(card).count()).toBe(0);
    await ctx.close();
  });

  it("closing the card means essential cookies only", async () => {
    const { page, ctx } = await visitor(browser, { lang: "en", consent: null });
    await ctx.addCookies([{ name: "_fbp", value: "x", url: BASE_URL }]);
    await page.goto(BASE_URL + "/contact");
    await page.getByRole("button", { name: "Close (essential cookies only)" }).click();
    await expect.poll(async () => (await ctx.cookies()).find((c) => c.name === "cookie-consent")?.value).toBe("essential");
    expect((await ctx.cookies()).some((c) => c.name === "_fbp")).toBe(false);
    await ctx.close();
  });

  it("accept all keeps other cookies; the card's choices exist in Arabic too", async () => {
    const { page, ctx } = await visitor(browser, { lang: "ar", consent: null });
    await ctx.addCookies([{ name: "_ga", value: "1", url: BASE_URL }]);
    await page.goto(BASE_URL + "/blog");
    await page.getByRole("button", { name: "الملفات الضرورية فقط", exact: true }).waitFor();
    await page.getByRole("button", { name: "قبول الكل" }).click();
    await expect.poll(async () => (await ctx.cookies()).find((c) => c.name === "cookie-consent")?.value).toBe("accepted");
    expect((await ctx.cookies()).some((c) => c.name === "_ga")).toBe(true);
    await ctx.close();
  });
});
