import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, type BookableCar, bookableCars, drawnText, freeDates, payByPayPal, specBrowser, visitor, wizardToConfirmation } from "./helpers.ts";

// Arabic that reads right, and dates and numbers in the
// visitor's language. Checked from where the characters are drawn,
// not only from the DOM text: the bidi algorithm reorders what the DOM keeps.

const browser = specBrowser();
let car: BookableCar;

beforeAll(async () => {
  car = (await bookableCars())[0]!;
});

/**
 * The characters of `piece` inside `el` as drawn, from left to right (spaces
 * left out), and whether they all sit on one line. For a left-to-right piece
 * such as a phone number, that must be the piece itself.
 */
async function drawnLeftToRight(el: Locator, piece: string): Promise<{ drawn: string; oneLine: boolean }> {
  const { text, boxes } = await drawnText(el);
  const at = text.indexOf(piece);
  if (at < 0) throw new Error(`"${piece}" is not in "${text}"`);
  const chars: { c: string; x: number; top: number }[] = [];
  for (let i = at; i < at + piece.length; i++) {
    if (/\s/.test(text[i]!)) continue;
    const r = boxes[i]!;
    chars.push({ c: text[i]!, x: r.left + r.width / 2, top: r.top });
  }
  const oneLine = chars.every((c) => Math.abs(c.top - chars[0]!.top) < 4);
  return { drawn: chars.sort((a, b) => a.x - b.x).map((c) => c.c).join(""), oneLine };
}

/** Through the wizard to the confirmation card. */
async function toConfirmation(page: Page, phone: string, from: string, to: string) {
  await wizardToConfirmation(page, car.slug, { from, to }, { name: "سعاد العلوي", email: `bidi-${Date.now()}@example.com`, phone }, { paymentOption: "half" });
}

describe("Arabic reads right", () => {
  it("the confirmation card draws the phone digits in their written order and the rate as 1 EUR = 10,8 DH (ar-MA)", async () => {
    const { page, ctx, errors } = await visitor(browser(), { lang: "ar", width: 1366 });
    const typed = "+212 6 12 34 56 78";
    const phone = "+212612345678"; // as stored (E.164), and shown so on the card
    const { from, to } = await freeDates([car.id], 2, 600);
    await toConfirmation(page, typed, from, to);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const card = page.locator(".confirm-card");

    expect(await drawnLeftToRight(card.getByTestId("confirm-phone"), phone)).toEqual({ drawn: phone, oneLine: true });

    // Moroccan Arabic (ar-MA) writes the decimal mark as a comma: 10,8 (10.8 in English).
    const note = page.getByTestId("paypal-amount");
    const rate = "1 EUR = 10,8 DH";
    expect(await drawnLeftToRight(note, rate)).toEqual({ drawn: rate.replace(/\s/g, ""), oneLine: true });
    // The amount in euros and in dirhams each keep their order too.
    const noteText = (await note.textContent()) ?? "";
    const eur = /\d+,\d\d EUR/.exec(noteText)?.[0];
    expect(eur).toBeTruthy();
    expect((await drawnLeftToRight(note, eur!)).drawn).toBe(eur!.replace(/\s/g, ""));
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

/** Node's own Intl in the site's locale (docs/languages.md): what a date must read. */
const LOCALE = { fr: "fr-MA", en: "en-GB", ar: "ar-MA" } as const;
function longDay(lang: keyof typeof LOCALE, iso: string): { month: string; weekday: string } {
  const [y, m, d] = iso.split("-").map(Number);
  const date = new Date(y!, m! - 1, d!);
  return {
    month: new Intl.DateTimeFormat(LOCALE[lang], { month: "long" }).format(date),
    weekday: new Intl.DateTimeFormat(LOCALE[lang], { weekday: "long" }).format(date),
  };
}

describe("Arabic fields", () => {
  it("phone and e-mail fields of the wizard and the contact form write left to right", async () => {
    const { page, ctx } = await visitor(browser(), { lang: "ar" });
    const direction = (selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).direction);
    await page.goto(`${BASE_URL}/contact`);
    await page.getByTestId("contact-form").waitFor();
    expect(await direction('[data-testid="contact-form"] input[name="phone"]')).toBe("ltr");
    expect(await direction('[data-testid="contact-form"] input[name="email"]')).toBe("ltr");
    expect(await direction('[data-testid="contact-form"] input[name="name"]')).toBe("rtl"); // a name is written in its own script
    const { from, to } = await freeDates([car.id], 2, 840);
    await page.goto(`${BASE_URL}/booking/${car.slug}`);
    await page.getByTestId("wizard-next").waitFor();
    await page.fill("#pickupDate", from);
    await page.fill("#returnDate", to);
    await page.getByTestId("wizard-next").click();
    await page.locator("#customerPhone").waitFor();
    expect(await direction("#customerPhone")).toBe("ltr");
    expect(await direction("#customerEmail")).toBe("ltr");
    await ctx.close();
  });
});

describe("dates and numbers in the visitor's language", () => {
  for (const [lang, offset] of [["en", 640], ["ar", 680]] as const) {
    it(`the PayPal success page (${lang}) writes the pickup day and the amount charged as ${lang} does`, async () => {
      const { page, ctx, errors } = await visitor(browser(), { lang });
      const { from, to } = await freeDates([car.id], 2, offset);
      await toConfirmation(page, "+212 600 000 000", from, to);
      await payByPayPal(page);
      const receipt = (await page.getByTestId("order-receipt").textContent()) ?? "";
      const want = longDay(lang, from);
      expect(receipt).toContain(want.weekday);
      expect(receipt).toContain(want.month);
      expect(receipt).not.toMatch(/janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre/);
      const charged = (await page.getByTestId("charged").textContent()) ?? "";
      expect(charged).toMatch(lang === "en" ? /\d\.\d\d EUR/ : /\d,\d\d EUR/);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it("the trust figures are written in the visitor's language (home, why-us)", async () => {
    const want = { fr: ["5.000+", "4,9/5"], en: ["5,000+", "4.9/5"], ar: ["5.000+", "4,9/5"] } as const;
    for (const lang of ["fr", "en", "ar"] as const) {
      const { page, ctx } = await visitor(browser(), { lang });
      for (const path of ["/", "/pourquoi-nous"]) {
        await page.goto(`${BASE_URL}${path}`);
        const stats = page.locator(".stat-grid");
        await stats.first().waitFor();
        const text = ((await stats.first().textContent()) ?? "").replace(/[\u2066-\u2069\u200e]/g, "");
        for (const w of want[lang]) expect(text, `${lang} ${path}`).toContain(w);
      }
      await ctx.close();
    }
  });

  it("blog dates are written in the visitor's language", async () => {
    for (const lang of ["fr", "en", "ar"] as const) {
      const { page, ctx } = await visitor(browser(), { lang });
      await page.goto(`${BASE_URL}/blog`);
      const time = page.locator("article time").first();
      await time.waitFor();
      const iso = (await time.getAttribute("datetime"))!;
      const month = new Intl.DateTimeFormat(LOCALE[lang], { month: "long", timeZone: "Africa/Casablanca" }).format(new Date(iso));
      expect(await time.textContent(), lang).toContain(month);
      await ctx.close();
    }
  });
});

