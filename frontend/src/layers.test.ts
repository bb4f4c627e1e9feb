import { Linter } from "eslint";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import config from "../eslint.config.js";
import layers from "../eslint.layers.js";

// The layer rule of `npm run lint` (eslint.layers.js) on code placed at a given
// path: it must refuse each kind of upward or cross-feature import, and let the
// allowed ones through. Only the rule and the TypeScript parser are loaded (not
// the project's whole config and its file lookups, seconds on a busy 2-core
// machine); the project's config is checked to turn the rule on.
const cwd = fileURLToPath(new URL("..", import.meta.url));
const linter = new Linter({ cwd });
const ruleOnly: Linter.Config[] = [
  { files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser }, plugins: { layers }, rules: { "layers/boundaries": "error" } },
];

async function layerErrors(file: string, code: string): Promise<string[]> {
  const messages = linter.verify(`${code}\nexport {};\n`, ruleOnly, { filename: `${cwd}/${file}` });
  return messages.filter((m) => m.ruleId === "layers/boundaries").map((m) => m.message);
}

it("npm run lint turns the layer rule on for the site's TypeScript", () => {
  const on = config.some(
    (c) => c.plugins?.layers === layers && c.rules?.["layers/boundaries"] === "error" && c.files?.flat().includes("**/*.{ts,tsx}"),
  );
  expect(on).toBe(true);
});

describe("layer boundaries (shared → features → app)", () => {
  it("refuses shared code importing a feature or the app", async () => {
    expect(await layerErrors("src/lib/x.ts", 'import "../features/cars";')).toHaveLength(1);
    expect(await layerErrors("src/components/x.tsx", 'import "../app/App";')).toHaveLength(1);
  });
  it("refuses a feature importing the app", async () => {
    expect(await layerErrors("src/features/blog/x.ts", 'import "../../app/App";')).toHaveLength(1);
    expect(await layerErrors("src/features/blog/x.ts", 'void import("../../ssr/render");')).toHaveLength(1);
  });
  it("refuses another feature's internals, allows its public entry", async () => {
    expect(await layerErrors("src/features/booking/x.ts", 'import { loadCar } from "../cars/api";')).toHaveLength(1);
    expect(await layerErrors("src/features/booking/x.ts", 'export { loadCar } from "../cars/api";')).toHaveLength(1);
    expect(await layerErrors("src/features/booking/x.ts", 'import { loadCar } from "../cars";')).toEqual([]);
    expect(await layerErrors("src/features/booking/x.ts", 'import { loadCar } from "../cars/index";')).toEqual([]);
  });
  it("allows a feature its own files and shared code, and the app anything", async () => {
    expect(await layerErrors("src/features/cars/x.ts", 'import "./api"; import "../../lib/db"; import "../../components/toast";')).toEqual([]);
    expect(await layerErrors("src/app/x.tsx", 'import "../features/cars/api"; import "../lib/db";')).toEqual([]);
  });
});
