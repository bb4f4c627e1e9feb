// Types of eslint.layers.js for the TypeScript that imports it (src/layers.test.ts).
import type { ESLint } from "eslint";

declare const layers: ESLint.Plugin;
export default layers;
