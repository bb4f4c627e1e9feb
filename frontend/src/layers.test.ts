import { Linter } from "eslint";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import layers, { cycleThrough, srcGraph } from "../eslint.layers.js";

// The layer rules of `npm run lint` (eslint.layers.js) on code placed at a given
// path: each kind of upward or cross-feature import and each import that closes a
// circle is refused, the allowed ones go through. The snippets are plain imports, so
// ESLint's own parser reads them: neither the TypeScript parser nor the project's
// whole config is loaded (seconds on a busy 2-core machine, where this file used to
// time out).
const cwd = fileURLToPath(new URL("..", import.meta.url));
const linter = new Linter({ cwd });
const rulesOnly: Linter.Config[] = [{ files: ["**/*.{ts,tsx}"], plugins: { layers }, rules: { "layers/boundaries": "error", "layers/no-cycle": "error" } }];

function errors(rule: string, file: string, code: string): string[] {
  const messages = linter.verify(`${code}\nexport {};\n`, rulesOnly, { filename: `${cwd}/${file}` });
  return messages.filter((m) => m.ruleId === `layers/${rule}` || m.fatal).map((m) => m.message);
}
const layerErrors = (file: string, code: string) => errors("boundaries", file, code);
const cycleErrors = (file: string, code: string) => errors("no-cycle", file, code);

it("npm run lint turns both rules on for the site's TypeScript", () => {
  const config = readFileSync(new URL("../eslint.config.js", import.meta.url), "utf8");
  expect(config).toMatch(/files: \["\*\*\/\*\.\{ts,tsx\}"\][\s\S]*plugins: \{[^}]*\blayers\b[^}]*\}[\s\S]*"layers\/boundaries": "error",\s*"layers\/no-cycle": "error"/);
});

describe("layer boundaries (shared → features → app)", () => {
  it("refuses shared code importing a feature or the app", () => {
    expect(layerErrors("src/lib/x.ts", 'import "../features/cars";')).toHaveLength(1);
    expect(layerErrors("src/components/x.tsx", 'import "../app/App";')).toHaveLength(1);
  });
  it("refuses a feature importing the app", () => {
    expect(layerErrors("src/features/blog/x.ts", 'import "../../app/App";')).toHaveLength(1);
    expect(layerErrors("src/features/blog/x.ts", 'void import("../../ssr/render");')).toHaveLength(1);
  });
  it("refuses another feature's internals, allows its public entry", () => {
    expect(layerErrors("src/features/booking/x.ts", 'import { loadCar } from "../cars/api";')).toHaveLength(1);
    expect(layerErrors("src/features/booking/x.ts", 'export { loadCar } from "../cars/api";')).toHaveLength(1);
    expect(layerErrors("src/features/booking/x.ts", 'import { loadCar } from "../cars";')).toEqual([]);
    expect(layerErrors("src/features/booking/x.ts", 'import { loadCar } from "../cars/index";')).toEqual([]);
  });
  it("holds the back office's features to the same rule", () => {
    expect(layerErrors("src/features/admin-planning/x.ts", 'import { useBookingSave } from "../admin-bookings/useBookingSave";')).toHaveLength(1);
    expect(layerErrors("src/features/admin-planning/x.ts", 'import { useBookingSave } from "../admin-bookings";')).toEqual([]);
  });
  it("allows a feature its own files and shared code, and the app anything", () => {
    expect(layerErrors("src/features/cars/x.ts", 'import "./api"; import "../../lib/db"; import "../../components/toast";')).toEqual([]);
    expect(layerErrors("src/app/x.tsx", 'import "../features/cars/api"; import "../lib/db";')).toEqual([]);
  });
});

describe("no import cycle", () => {
  it("refuses an import that closes a circle between files", () => {
    // lib/db.ts imports lib/database.ts (its types) and loads lib/supabase.ts.
    expect(cycleErrors("src/lib/database.ts", 'import { PG_CODES } from "./db";')).toEqual([expect.stringContaining("lib/database.ts → lib/db.ts → lib/database.ts")]);
    expect(cycleErrors("src/lib/supabase.ts", 'export { PG_CODES } from "./db";')).toHaveLength(1);
  });
  it("refuses a feature importing one that already depends on it", () => {
    // admin-bookings uses admin-payments, which may not use admin-bookings back.
    expect(cycleErrors("src/features/admin-payments/x.ts", 'import { BookingDetailsDialog } from "../admin-bookings";')).toEqual([expect.stringContaining("feature cycle: admin-payments → admin-bookings")]);
    expect(cycleErrors("src/features/admin-bookings/x.ts", 'import { PaymentsList } from "../admin-payments";')).toEqual([]);
  });
  it("finds none in the tree as it is", () => {
    const graph = srcGraph();
    expect(graph.size).toBeGreaterThan(300);
    const circles = [...graph].flatMap(([file, targets]) => targets.map((t) => cycleThrough(file, t, graph)).filter((why) => why !== null));
    expect(circles).toEqual([]);
  });
});
