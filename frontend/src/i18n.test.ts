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
    if (statSync(p).isDirectory()) return name === "admin" ? [] : sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [p] : [];
  });
}

describe("locales", () => {
  it("fr, en and ar have the same keys and list lengths", () => {
    const frKeys = [...new Set(paths(fr))].sort();
    expect([...new Set(paths(en))].sort()).toEqual(frKeys);
    expect([...new Set(paths(ar))].sort()).toEqual(frKeys);
  });

  it("Arabic has every plural form its counts need", () => {
    const frPlurals = JSON.stringify(fr).match(/"[A-Za-z]+_other"/g) ?? [];
    for (const k of frPlurals) {
      const base = k.slice(1, -7);
      for (const form of ["zero", "one", "two", "few", "many", "other"]) expect(JSON.stringify(ar)).toContain(`"${base}_${form}"`);
    }
  });

  it("every literal key used by the public site exists in every language", () => {
    const root = join(__dirname);
    const keys = new Set<string>();
    for (const file of sourceFiles(root)) {
      const src = readFileSync(file, "utf8");
      for (const m of src.matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)) keys.add(m[1]!);
      for (const m of src.matchAll(/tList<[^>]*>\(t,\s*"([a-zA-Z0-9_.]+)"/g)) keys.add(m[1]!);
    }
    expect(keys.size).toBeGreaterThan(100);
    const missing = [...keys].flatMap((k) => [fr, en, ar].map((tree, i) => (has(tree, k) ? null : `${["fr", "en", "ar"][i]}:${k}`))).filter(Boolean);
    expect(missing).toEqual([]);
  });
});

// Keys built from a database's code or state (t(`reservation.${code}`)) are not
// literal, so the test above cannot see them: each one the site can meet is listed here.
describe("keys built from the database's codes and states", () => {
  const built = [
    ...["BK001", "BK002", "BK003", "BK004"].map((c) => `reservation.${c}`),
    ...["booked", "maintenance", "unavailable", "not_yet"].map((r) => `availability.reasons.${r}`),
    ...["free", "partial", "taken"].map((s) => `calendar.states.${s}`),
    ...["required", "pastDate", "beforePickup", "tooLong"].map((e) => `search.errors.${e}`),
    ...["required", "pastDate", "beforePickup", "email"].map((e) => `booking.errors.${e}`),
    ...["full", "half", "reserve"].flatMap((o) => [`booking.paymentOptions.${o}.name`, `booking.paymentOptions.${o}.text`]),
    ...["available", "unavailable", "availableFrom"].map((b) => `car.${b}`),
  ];
  it("exist in every language", () => {
    const missing = built.flatMap((k) => [fr, en, ar].map((tree, i) => (has(tree, k) ? null : `${["fr", "en", "ar"][i]}:${k}`))).filter(Boolean);
    expect(missing).toEqual([]);
  });
});

// The legal pages' texts are the namespace "legal" (locales/legal/*.json), read
// with `const { t: tl } = useTranslation("legal")`: the same checks for them.
describe("the legal namespace", () => {
  it("fr, en and ar have the same keys and list lengths", () => {
    const frKeys = [...new Set(paths(frLegal))].sort();
    expect([...new Set(paths(enLegal))].sort()).toEqual(frKeys);
    expect([...new Set(paths(arLegal))].sort()).toEqual(frKeys);
  });

  it("Arabic has every plural form its counts need", () => {
    for (const k of JSON.stringify(frLegal).match(/"[A-Za-z]+_other"/g) ?? []) {
      const base = k.slice(1, -7);
      for (const form of ["zero", "one", "two", "few", "many", "other"]) expect(JSON.stringify(arLegal)).toContain(`"${base}_${form}"`);
    }
  });

  it("every literal key the site reads from it exists in every language", () => {
    const keys = new Set<string>();
    for (const file of sourceFiles(join(__dirname))) {
      const src = readFileSync(file, "utf8");
      for (const m of src.matchAll(/\btl\(\s*"([a-zA-Z0-9_.]+)"/g)) keys.add(m[1]!);
      for (const m of src.matchAll(/tList<[^>]*>\(tl,\s*"([a-zA-Z0-9_.]+)"/g)) keys.add(m[1]!);
    }
    expect(keys.size).toBeGreaterThan(20);
    const missing = [...keys].flatMap((k) => [frLegal, enLegal, arLegal].map((tree, i) => (has(tree, k) ? null : `${["fr", "en", "ar"][i]}:${k}`))).filter(Boolean);
    expect(missing).toEqual([]);
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
