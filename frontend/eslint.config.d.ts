// Types of eslint.config.js for the TypeScript that imports it (src/layers.test.ts).
import type { Linter } from "eslint";

declare const config: Linter.Config[];
export default config;
