import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import ar from "../locales/ar.json";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import arLegal from "../locales/legal/ar.json";
import enLegal from "../locales/legal/en.json";
import frLegal from "../locales/legal/fr.json";

// Every visible string exists in the three languages (i18n has no fallback
// language, so a missing key would show as its name).

type Tree = { [k: string]: unknown };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function paths(node: unknown, prefix = ""): string[] {
  if (Array.isArray(node)) return [`${prefix}[${node.length}]`, ...node.flatMap((v, i) => paths(v, `${prefix}[${i}]`))];
  if (node && typeof node === "object") {
    return Object.entries(node as Tree).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k.replace(PLURAL, "")}` : k.replace(PLURAL, "")));
  }
  return [prefix];
}

function has(tree: unknown, key: string): boolean {
  let node: unknown = tree;
  const parts = key.split(".");
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!node || typeof node !== "object") return false;
    const obj = node as Tree;
    if (i === parts.length - 1 && `${part}_other` in obj) return true;
    node = obj[part];
  }
  return node !== undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name.startsWith("admin-") ? [] : sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [p] : [];
  });
}

/** The keys of `keys` some language lacks, as "lang:key". */
function missingKeys(trees: Record<"fr" | "en" | "ar", unknown>, keys: Iterable<string>): string[] {
  return [...keys].flatMap((k) => Object.entries(trees).flatMap(([lang, tree]) => (has(tree, k) ? [] : [`${lang}:${k}`])));
}

// The site's catalogue, read with t(), and the legal pages' namespace "legal"
// (locales/legal/*.json), read with `const { t: tl } = useTranslation("legal")`:
// the same checks for both.
const catalogues = [
  { name: "locales", trees: { fr, en, ar }, reader: "t", atLeast: 100 },
  { name: "the legal namespace", trees: { fr: frLegal, en: enLegal, ar: arLegal }, reader: "tl", atLeast: 20 },
];

for (const { name, trees, reader, atLeast } of catalogues) {
  describe(name, () => {
    it("fr, en and ar have the same keys and list lengths", () => {
      const frKeys = [...new Set(paths(trees.fr))].sort();
      expect([...new Set(paths(trees.en))].sort()).toEqual(frKeys);
      expect([...new Set(paths(trees.ar))].sort()).toEqual(frKeys);
    });

    it("Arabic has every plural form its counts need", () => {
      for (const k of JSON.stringify(trees.fr).match(/"[A-Za-z]+_other"/g) ?? []) {
        const base = k.slice(1, -7);
        for (const form of ["zero", "one", "two", "few", "many", "other"]) expect(JSON.stringify(trees.ar)).toContain(`"${base}_${form}"`);
      }
    });

    it(`every literal key the public site reads with ${reader}() exists in every language`, () => {
      const keys = new Set<string>();
      const call = new RegExp(`\\b${reader}\\(\\s*"([a-zA-Z0-9_.]+)"`, "g");
      const list = new RegExp(`tList<[^>]*>\\(${reader},\\s*"([a-zA-Z0-9_.]+)"`, "g");
      for (const file of sourceFiles(join(__dirname))) {
        const src = readFileSync(file, "utf8");
        for (const m of src.matchAll(call)) keys.add(m[1]!);
        for (const m of src.matchAll(list)) keys.add(m[1]!);
      }
      expect(keys.size).toBeGreaterThan(atLeast);
      expect(missingKeys(trees, keys)).toEqual([]);
    });
  });
}

// Keys built from a database's code or state (t(`reservation.${code}`)) are not
// literal, so the test above cannot see them: each one the site can meet is listed here.
describe("keys built from the database's codes and states", () => {
  const built = [
    ...["BK001", "BK002", "BK003", "BK004", "BK005", "BK006"].map((c) => `reservation.${c}`),
    ...["BK005", "BK006"].map((c) => `reservation.${c}hint`),
    ...["booked", "maintenance", "unavailable", "not_yet"].map((r) => `availability.reasons.${r}`),
    ...["free", "partial", "taken"].map((s) => `calendar.states.${s}`),
    ...["required", "pastDate", "beforePickup", "tooLong"].map((e) => `search.errors.${e}`),
    ...["required", "pastDate", "beforePickup", "email"].map((e) => `booking.errors.${e}`),
    ...["full", "half", "reserve"].flatMap((o) => [`booking.paymentOptions.${o}.name`, `booking.paymentOptions.${o}.text`]),
    ...["available", "unavailable", "availableFrom"].map((b) => `car.${b}`),
  ];
  it("exist in every language", () => {
    expect(missingKeys({ fr, en, ar }, built)).toEqual([]);
  });
});

describe("stylesheets", () => {
  // Every CSS file under src/ (each feature's sheet sits next to it; app/styles.css lists them).
  const cssFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return cssFiles(path);
      return name.endsWith(".css") ? [path] : [];
    });

  it("use logical properties only, so right-to-left needs no second sheet", () => {
    const files = cssFiles(__dirname);
    expect(files.length).toBeGreaterThan(1);
    const physical = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line: line.trim(), at: `${file.slice(__dirname.length + 1)}:${i + 1}` }))
        .filter(({ line }) =>
          /^(margin|padding|border)-(left|right)\b|^(left|right)\s*:|text-align:\s*(left|right)|float:\s*(left|right)|^border-(top|bottom)-(left|right)-radius/.test(line),
        ),
    );
    expect(physical).toEqual([]);
  });
});
