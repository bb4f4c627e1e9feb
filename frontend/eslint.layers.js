// The site's layers: shared → features → app. An import may only go
// down this list, never up:
//   app      src/app, src/main.tsx, src/ssr          may import anything
//   feature  src/features/<name>                     shared, its own files, and another
//                                                    feature only through its public
//                                                    entry (features/<name>/index.ts)
//   shared   src/components, src/lib, src/config,    shared only
//            src/styles
// Relative imports are resolved against the importing file, so `../cars/api` from
// features/booking is seen as features/cars/api. Packages are not concerned.
//
// A second rule, `no-cycle`, refuses an import that closes a circle: between files
// of src/ (static, dynamic and type imports alike), and between features (a feature
// that reaches another through its public entry may not be reached back by it). The
// rest of the tree is read from disk once per lint run; the file being linted is
// taken as its text now.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const SRC = path.resolve(import.meta.dirname, "src");
const SHARED = new Set(["components", "lib", "config", "styles"]);

/** {layer, feature, rest} of a file or import target under src/, or null outside it. */
function place(abs) {
  const rel = path.relative(SRC, abs);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  const top = parts[0].replace(/\.(tsx?|jsx?)$/, "");
  if (SHARED.has(top)) return { layer: "shared" };
  if (top === "features" && parts.length > 1) return { layer: "feature", feature: parts[1], rest: parts.slice(2).join("/") };
  if (top === "app" || top === "ssr" || top === "main") return { layer: "app" };
  return null; // src/i18n.test.ts and the like: checks over the whole tree
}

const isEntry = (rest) => rest === "" || /^index(\.tsx?)?$/.test(rest);

/** Why an import of `spec` from `file` crosses a layer the wrong way, or null. */
export function boundaryViolation(file, spec) {
  if (!spec.startsWith(".")) return null;
  const from = place(file);
  if (!from) return null;
  const to = place(path.resolve(path.dirname(file), spec));
  if (!to) return null;
  if (from.layer === "shared" && to.layer !== "shared") return `shared code (components, lib, config, styles) may not import ${to.layer} code`;
  if (from.layer === "feature" && to.layer === "app") return "a feature may not import the app (src/app, src/ssr, main.tsx)";
  if (from.layer === "feature" && to.layer === "feature" && to.feature !== from.feature && !isEntry(to.rest))
    return `feature "${from.feature}" may use feature "${to.feature}" only through its public entry (features/${to.feature}/index.ts), not ${to.rest}`;
  return null;
}

// ---- the import graph of src/, for no-cycle ----

const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.[^"']*)["']/g;

/** The file a relative import names, or null (a stylesheet, JSON, a missing file). */
export function resolveImport(file, spec) {
  const base = path.resolve(path.dirname(file), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The src/ files a module's text imports. */
export function importsOf(file, text) {
  return [...text.matchAll(SPECIFIER)].map((m) => resolveImport(file, m[1])).filter((t) => t !== null);
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

let diskGraph = null;
/** file → the files it imports, for every module of src/ (tests aside), read once. */
export function srcGraph() {
  diskGraph ??= new Map(sourceFiles(SRC).map((f) => [f, importsOf(f, readFileSync(f, "utf8"))]));
  return diskGraph;
}

/** A path of imports from `start` back to `goal` (both included), or null. */
export function pathBetween(start, goal, next) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [node, trail] = stack.pop();
    for (const n of next(node)) {
      if (n === goal) return [...trail, n];
      if (!seen.has(n)) {
        seen.add(n);
        stack.push([n, [...trail, n]]);
      }
    }
  }
  return null;
}

const featureOf = (file) => place(file)?.feature ?? null;

let diskFeatures = null;
/** feature → the features its files import (through their public entries). */
function featureGraph(graph) {
  if (diskFeatures) return diskFeatures;
  diskFeatures = new Map();
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (!from) continue;
    const set = diskFeatures.get(from) ?? new Set();
    for (const t of targets) {
      const to = featureOf(t);
      if (to && to !== from) set.add(to);
    }
    diskFeatures.set(from, set);
  }
  return diskFeatures;
}

const shown = (files) => files.map((f) => path.relative(SRC, f)).join(" → ");

/** Why importing `target` from `file` closes a circle, or null. `graph` holds the other files' imports. */
export function cycleThrough(file, target, graph = srcGraph()) {
  const back = pathBetween(target, file, (f) => (f === file ? [] : (graph.get(f) ?? [])));
  if (back) return `import cycle: ${shown([file, ...back])}`;
  const [from, to] = [featureOf(file), featureOf(target)];
  if (from && to && from !== to) {
    const features = featureGraph(graph);
    const loop = pathBetween(to, from, (f) => features.get(f) ?? []);
    if (loop) return `feature cycle: ${[from, ...loop].join(" → ")} (features may only import downward)`;
  }
  return null;
}

function check(context, node) {
  const source = node.source;
  if (!source || typeof source.value !== "string") return;
  const why = boundaryViolation(context.filename, source.value);
  if (why) context.report({ node: source, message: `Layer boundary: ${why}.` });
}

function checkCycle(context, node) {
  const source = node.source;
  if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
  const file = path.resolve(context.filename);
  if (!place(file)) return;
  const target = resolveImport(file, source.value);
  const why = target && cycleThrough(file, target);
  if (why) context.report({ node: source, message: `No cycle: ${why}.` });
}

/** The visitors of a rule that looks at every import and re-export. */
function onImports(visit) {
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

export default {
  rules: {
    boundaries: {
      meta: { type: "problem", docs: { description: "shared → features → app: imports go one way only" }, schema: [] },
      create: (context) => onImports((node) => check(context, node)),
    },
    "no-cycle": {
      meta: { type: "problem", docs: { description: "no import closes a circle, between files or between features" }, schema: [] },
      create: (context) => onImports((node) => checkCycle(context, node)),
    },
  },
};
