import ar from "../../locales/ar.json";
import en from "../../locales/en.json";
import fr from "../../locales/fr.json";
import arLegal from "../../locales/legal/ar.json";
import enLegal from "../../locales/legal/en.json";
import frLegal from "../../locales/legal/fr.json";

const TREES = { site: { fr, en, ar }, legal: { fr: frLegal, en: enLegal, ar: arLegal } };

// For tests: i18n.test.ts checks the keys written as t("…"); labels kept as data
// (menus, the filter panel, the wizard's places, the trust figures) are checked
// with this, next to the lists. Imported by tests only (no page bundles it).

function has(tree: unknown, key: string): boolean {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return false;
    const obj = node as Record<string, unknown>;
    node = part in obj ? obj[part] : obj[`${part}_other`];
  }
  return typeof node === "string";
}

/** The keys missing from each language's strings: the site's (locales/xx.json) or the legal pages' (locales/legal/xx.json). */
export function missingKeys(keys: readonly string[], namespace: keyof typeof TREES = "site"): { fr: string[]; en: string[]; ar: string[] } {
  const t = TREES[namespace];
  return { fr: keys.filter((k) => !has(t.fr, k)), en: keys.filter((k) => !has(t.en, k)), ar: keys.filter((k) => !has(t.ar, k)) };
}
