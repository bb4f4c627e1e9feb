// Types of eslint.layers.js for the TypeScript that imports it (src/layers.test.ts).
import type { ESLint } from "eslint";

declare const layers: ESLint.Plugin;
export default layers;

/** Why an import of `spec` from `file` crosses a layer the wrong way, or null. */
export function boundaryViolation(file: string, spec: string): string | null;
/** The file a relative import names, or null. */
export function resolveImport(file: string, spec: string): string | null;
/** The src/ files a module's text imports. */
export function importsOf(file: string, text: string): string[];
/** file → the files it imports, for every module of src/ (tests aside). */
export function srcGraph(): Map<string, string[]>;
/** A path of imports from `start` back to `goal` (both included), or null. */
export function pathBetween(start: string, goal: string, next: (node: string) => Iterable<string>): string[] | null;
/** Why importing `target` from `file` closes a circle, or null. */
export function cycleThrough(file: string, target: string, graph?: Map<string, string[]>): string | null;
