import { describe, expect, it } from "vitest";
import {
  EMPTY_BLOG_FORM,
  readTranslations,
  excerptPreview,
  isEmptyHtml,
  matchesPost,
  normalizeBlogStatus,
  parseTags,
  slugify,
  tagsToInput,
  toBlogRow,
  validateBlogForm,
  visibleTags,
} from "./blogForm";
import type { AdminBlogPost } from "./types";
import { clampTableSize, normalizeLinkUrl } from "./editor/tableSize";

describe("blog form validation (SPEC 5)", () => {
  it("requires title, excerpt and content, trimmed, with the SPEC's texts", () => {
    expect(validateBlogForm({ ...EMPTY_BLOG_FORM, title: "  ", excerpt: "\n", content: "<p> </p>" })).toEqual({
      title: "Le titre est requis",
      excerpt: "Le résumé est requis",
      content: "Le contenu est requis",
    });
  });
  it("accepts a filled form", () => {
    expect(validateBlogForm({ ...EMPTY_BLOG_FORM, title: "T", excerpt: "E", content: "<p>C</p>" })).toEqual({});
  });
  it("counts an image or a table as content", () => {
    expect(isEmptyHtml('<p><img src="x.png"></p>')).toBe(false);
    expect(isEmptyHtml("<table><tbody><tr><td></td></tr></tbody></table>")).toBe(false);
    expect(isEmptyHtml("<p></p><p>&nbsp;</p>")).toBe(true);
  });
});

describe("slug rule (SPEC 5)", () => {
  it("lowercases, removes accents, turns the rest into single hyphens and trims them", () => {
    expect(slugify("  Louer à l'Aéroport : Guide 2026 !  ")).toBe("louer-a-l-aeroport-guide-2026");
    expect(slugify("Été — Côte & Désert")).toBe("ete-cote-desert");
    expect(slugify("---")).toBe("");
  });
  it("falls back to the title's slug when the slug field is empty", () => {
    const row = toBlogRow({ ...EMPTY_BLOG_FORM, title: "Conduire à Casablanca", excerpt: "e", content: "<p>c</p>" });
    expect(row.slug).toBe("conduire-a-casablanca");
  });
  it("normalises a typed slug", () => {
    const row = toBlogRow({ ...EMPTY_BLOG_FORM, title: "x", slug: "Mon Slug É", excerpt: "e", content: "c" });
    expect(row.slug).toBe("mon-slug-e");
  });
});

describe("tag rule (SPEC 5)", () => {
  it("splits on commas, trims and drops empties", () => {
    expect(parseTags(" voyage, ,Casablanca ,, conseils ")).toEqual(["voyage", "Casablanca", "conseils"]);
    expect(parseTags("")).toEqual([]);
  });
  it("round-trips through the input", () => {
    expect(parseTags(tagsToInput(["a", "b c"]))).toEqual(["a", "b c"]);
  });
  it("shows the first 3 then +N", () => {
    expect(visibleTags(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: 2 });
    expect(visibleTags(["a"])).toEqual({ shown: ["a"], more: 0 });
  });
});

describe("blog helpers", () => {
  it("treats any status but published as draft", () => {
    expect(normalizeBlogStatus("published")).toBe("published");
    expect(normalizeBlogStatus("archived")).toBe("draft");
    expect(normalizeBlogStatus(null)).toBe("draft");
  });
  it("previews the excerpt's first 100 characters", () => {
    expect(excerptPreview("x".repeat(150))).toBe(`${"x".repeat(100)}…`);
    expect(excerptPreview("court")).toBe("court");
  });
  it("searches title, excerpt and tags without accents or case", () => {
    const p = { title: "Été à Marrakech", excerpt: "Chaleur", slug: "ete", tags: ["Voyage"] } as AdminBlogPost;
    expect(matchesPost(p, "ETE")).toBe(true);
    expect(matchesPost(p, "voyage")).toBe(true);
    expect(matchesPost(p, "rabat")).toBe(false);
  });
});

describe("editor rules (SPEC 5)", () => {
  it("keeps tables within 2-10 rows and 1-6 columns, 3 by default", () => {
    expect(clampTableSize(1, 0)).toEqual({ rows: 2, cols: 1 });
    expect(clampTableSize(11, 7)).toEqual({ rows: 10, cols: 6 });
    expect(clampTableSize(Number.NaN, Number.NaN)).toEqual({ rows: 3, cols: 3 });
    expect(clampTableSize(4, 5)).toEqual({ rows: 4, cols: 5 });
  });
  it("needs a url to insert a link and refuses script urls", () => {
    expect(normalizeLinkUrl("  ")).toBeNull();
    expect(normalizeLinkUrl("javascript:alert(1)")).toBeNull();
    expect(normalizeLinkUrl("casarent.ma/contact")).toBe("https://casarent.ma/contact");
    expect(normalizeLinkUrl("/vehicles")).toBe("/vehicles");
  });
});

describe("translations", () => {
  it("keeps the written fields of each language and leaves out blanks and empty editors", async () => {
    const { toTranslations, translationState, EMPTY_TRANSLATION } = await import("./blogForm");
    const en = { ...EMPTY_TRANSLATION, title: " Title ", excerpt: "Ex", content: "<p>Body</p>", tags: "a, , b" };
    const ar = { ...EMPTY_TRANSLATION, content: "<p></p>" };
    expect(toTranslations({ en, ar })).toEqual({ en: { title: "Title", excerpt: "Ex", content: "<p>Body</p>", tags: ["a", "b"] } });
    expect(translationState(en)).toBe("complete");
    expect(translationState(ar)).toBe("missing");
    expect(translationState({ ...EMPTY_TRANSLATION, meta_title: "x" })).toBe("partial");
  });
});

describe("translations read from the database's JSON", () => {
  it("keeps the English and Arabic texts and tags, drops anything else", () => {
    expect(
      readTranslations({
        en: { title: "Hello", excerpt: 3, tags: ["a", 1, "b"], extra: "x" },
        ar: { content: "<p>مرحبا</p>" },
        de: { title: "Hallo" },
      }),
    ).toEqual({ en: { title: "Hello", tags: ["a", "b"] }, ar: { content: "<p>مرحبا</p>" } });
  });
  it("reads nothing from a value that is not an object", () => {
    expect(readTranslations(null)).toEqual({});
    expect(readTranslations(["en"])).toEqual({});
    expect(readTranslations("en")).toEqual({});
    expect(readTranslations({ en: "Hello" })).toEqual({});
  });
});
