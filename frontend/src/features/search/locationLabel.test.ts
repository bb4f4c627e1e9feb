import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import ar from "../../../locales/ar.json";
import en from "../../../locales/en.json";
import fr from "../../../locales/fr.json";
import { locationLabel } from "./locationLabel";
import { PICKUP_PLACES as PICKUP_LOCATIONS, RETURN_PLACES as RETURN_LOCATIONS } from "./trip";

describe("locationLabel", () => {
  const i18n = createInstance();
  void i18n.init({ resources: { fr: { translation: fr }, en: { translation: en }, ar: { translation: ar } }, lng: "ar", initAsync: false });

  it("gives every stored place in the visitor's language", () => {
    const t = i18n.getFixedT("ar");
    expect(locationLabel(t, "Aéroport Mohammed V")).toBe("مطار محمد الخامس");
    for (const lang of ["fr", "en", "ar"]) {
      const tl = i18n.getFixedT(lang);
      for (const place of [...PICKUP_LOCATIONS, ...RETURN_LOCATIONS]) {
        const label = locationLabel(tl, place);
        expect(label, `${lang}: ${place}`).not.toBe("");
        if (lang === "ar") expect(label, place).toMatch(/[\u0600-\u06FF]/);
      }
    }
    expect(locationLabel(i18n.getFixedT("en"), "Aéroport Mohammed V")).toBe("Mohammed V Airport");
  });

  it("shows a place the locales do not know as stored", () => {
    expect(locationLabel(i18n.getFixedT("ar"), "Rabat-Salé")).toBe("Rabat-Salé");
  });
});
