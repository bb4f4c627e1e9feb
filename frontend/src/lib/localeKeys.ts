import ar from "../../locales/ar.json";
import en from "../../locales/en.json";
import fr from "../../locales/fr.json";

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

/** The keys missing from each language's site strings (locales/xx.json). */
export function missingKeys(keys: readonly string[]): { fr: string[]; en: string[]; ar: string[] } {
  return { fr: keys.filter((k) => !has(fr, k)), en: keys.filter((k) => !has(en, k)), ar: keys.filter((k) => !has(ar, k)) };
}
