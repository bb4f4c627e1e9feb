import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import layers from "./eslint.layers.js";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "screenshots", "coverage"] },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, layers },
    rules: {
      "layers/boundaries": "error",
      "layers/no-cycle": "error",
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // The same limit as Go's (guards/funclen_test.go): a component or hook longer
    // than this is several parts that want names of their own. Tests aside, as in Go.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["e2e/**", "scripts/**", "*.config.*"],
    languageOptions: { globals: { ...globals.node } },
  },
);
