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

function check(context, node) {
  const source = node.source;
  if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
  const from = place(context.filename);
  if (!from) return;
  const to = place(path.resolve(path.dirname(context.filename), source.value));
  if (!to) return;
  let why = null;
  if (from.layer === "shared" && to.layer !== "shared") why = `shared code (components, lib, config, styles) may not import ${to.layer} code`;
  else if (from.layer === "feature" && to.layer === "app") why = "a feature may not import the app (src/app, src/ssr, main.tsx)";
  else if (from.layer === "feature" && to.layer === "feature" && to.feature !== from.feature && !isEntry(to.rest))
    why = `feature "${from.feature}" may use feature "${to.feature}" only through its public entry (features/${to.feature}/index.ts), not ${to.rest}`;
  if (why) context.report({ node: source, message: `Layer boundary: ${why}.` });
}

export default {
  rules: {
    boundaries: {
      meta: { type: "problem", docs: { description: "shared → features → app: imports go one way only" }, schema: [] },
      create(context) {
        const visit = (node) => check(context, node);
        return {
          ImportDeclaration: visit,
          ExportNamedDeclaration: visit,
          ExportAllDeclaration: visit,
          ImportExpression: visit,
        };
      },
    },
  },
};
