import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The layer rule of `npm run lint` (eslint.layers.js), run with the project's own
// config on code placed at a given path: it must refuse each kind of upward or
// cross-feature import, and let the allowed ones through.
const cwd = fileURLToPath(new URL("..", import.meta.url));
const eslint = new ESLint({ cwd });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${cwd}/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === "layers/boundaries").map((m) => m.message);
}

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
