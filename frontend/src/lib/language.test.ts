import { describe, expect, it } from "vitest";
import { detectLanguage } from "./language";

describe("language detection (SPEC section 5)", () => {
  it("a valid cookie wins", () => {
    expect(detectLanguage("ar", ["fr-FR"])).toBe("ar");
    expect(detectLanguage("en", ["fr"])).toBe("en");
    expect(detectLanguage("fr", ["en-US"])).toBe("fr");
  });
  it("an invalid cookie is ignored and the browser decides", () => {
    expect(detectLanguage("de", ["fr-CA"])).toBe("fr");
    expect(detectLanguage("FR", ["ar-MA"])).toBe("ar");
    expect(detectLanguage(undefined, ["es-ES"])).toBe("en");
  });
  it("fr* gives French, ar* Arabic, anything else English", () => {
    expect(detectLanguage(null, ["fr"])).toBe("fr");
    expect(detectLanguage(null, ["ar"])).toBe("ar");
    expect(detectLanguage(null, ["de-DE", "fr"])).toBe("en");
    expect(detectLanguage(null, [])).toBe("en");
  });
  it("a page's ?lang= (the PayPal return pages) comes after the cookie, before the browser", () => {
    expect(detectLanguage(null, ["en-US"], "ar")).toBe("ar");
    expect(detectLanguage("fr", ["en-US"], "ar")).toBe("fr");
    expect(detectLanguage(null, ["fr"], "de")).toBe("fr");
  });
});
