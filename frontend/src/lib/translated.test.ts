import { describe, expect, it } from "vitest";
import { localized, written } from "./translated";

describe("localized", () => {
  const tr = { en: { title: "Hello", content: "<p></p>", tags: [] as string[] }, ar: { title: "  " } };
  it("gives the visitor's language when written", () => {
    expect(localized("Bonjour", tr, "en", "title")).toEqual({ value: "Hello", lang: "en", fallback: false });
  });
  it("falls back to the French when missing, blank or an empty editor", () => {
    expect(localized("Bonjour", tr, "ar", "title")).toEqual({ value: "Bonjour", lang: "fr", fallback: true });
    expect(localized("<p>Texte</p>", tr, "en", "content")).toEqual({ value: "<p>Texte</p>", lang: "fr", fallback: true });
    expect(localized(["a"], tr, "en", "tags")).toEqual({ value: ["a"], lang: "fr", fallback: true });
    expect(localized("Bonjour", null, "en", "title").fallback).toBe(true);
  });
  it("is no fallback on French pages, nor when the French is empty too", () => {
    expect(localized("Bonjour", tr, "fr", "title")).toEqual({ value: "Bonjour", lang: "fr", fallback: false });
    expect(localized(null, {}, "en", "excerpt")).toEqual({ value: null, lang: "fr", fallback: false });
  });
  it("ignores a translation of another kind than the French (the jsonb is not checked field by field)", () => {
    expect(localized("Bonjour", { en: { title: 5 } }, "en", "title")).toEqual({ value: "Bonjour", lang: "fr", fallback: true });
    expect(localized(["a"], { en: { tags: "b" } }, "en", "tags").lang).toBe("fr");
    expect(localized("Bonjour", "not an object", "en", "title").lang).toBe("fr");
  });
  it("counts an image as content", () => {
    expect(localized("x", { en: { content: '<p><img src="/a.jpg"></p>' } }, "en", "content").lang).toBe("en");
  });
  it("written never answers the French", () => {
    expect(written(tr, "en", "title")).toBe("Hello");
    expect(written(tr, "ar", "title")).toBeUndefined();
    expect(written(tr, "fr", "title")).toBeUndefined();
  });
});
