import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import fr from "../../../locales/fr.json";
import { plainFormatters } from "../../lib/localeFormat";

// "la Audi Q7". French elides its articles before a vowel
// ("l'Audi") but a sentence cannot know the car's name: no article may stand
// right before {{brand}} or {{name}}.

function strings(node: unknown, path = ""): [string, string][] {
  if (typeof node === "string") return [[path, node]];
  if (node && typeof node === "object") return Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

let t: TFunction;
beforeAll(async () => {
  const i = createInstance();
  await i.init({ lng: "fr", resources: { fr: { translation: fr } }, interpolation: { escapeValue: false } });
  t = i.t;
});

describe("French texts naming a car", () => {
  it("put no elidable article before a car's name", () => {
    const bad = strings(fr).filter(([, s]) => /\b(la|le|de|du|que|ce|je|ne) \{\{(brand|name)\}\}/i.test(s));
    expect(bad).toEqual([]);
  });

  it("read well with a name starting with a vowel, in the WhatsApp texts of the card and the car's page", () => {
    const price = plainFormatters("fr").price(1200);
    const card = t("whatsapp.card", { brand: "Audi", name: "Q7", price });
    const detail = t("whatsapp.detail", { name: "Audi Q7", price });
    for (const text of [card, detail]) {
      expect(text).not.toMatch(/\bla Audi/);
      expect(text).toContain("Audi Q7");
      expect(text).toContain("1.200 DH");
      expect(text).not.toMatch(/[\u2066-\u2069]/);
    }
  });
});
