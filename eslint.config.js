// Lint: typescript-eslint's recommended rules, the layer boundaries of docs/architecture.md,
// no import cycles, one import style (relative imports without an extension).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";

/** What each layer may not import: everything above it (docs/architecture.md, "Layers"). */
const FORBIDDEN = {
  types: ["abci", "app", "cli", "client", "codec", "modules", "node", "payload-store", "rest", "rpc"],
  store: ["abci", "app", "cli", "client", "codec", "modules", "node", "payload-store", "rest", "rpc"],
  codec: ["abci", "app", "cli", "client", "modules", "node", "payload-store", "rest", "rpc"],
  modules: ["abci", "app", "cli", "client", "codec", "node", "payload-store", "rest", "rpc"],
  app: ["abci", "cli", "client", "node", "payload-store", "rest", "rpc"],
  client: ["abci", "app", "cli", "node", "payload-store", "rest", "rpc", "store"],
  abci: ["cli", "node", "payload-store", "rest", "rpc"],
  node: ["cli", "payload-store", "rest", "rpc"],
  rest: ["cli", "payload-store", "rpc"],
  rpc: ["cli", "payload-store", "rest"],
  "payload-store": ["cli", "rest", "rpc"],
};
const layerZones = Object.entries(FORBIDDEN).flatMap(([target, froms]) =>
  froms.map((from) => ({ target: `./src/${target}`, from: `./src/${from}`, message: `src/${target} may not import src/${from} (docs/architecture.md, Layers)` })),
);
// A module reaches another only through its expected-keepers.ts interfaces, never by import.
const modules = readdirSync(join(import.meta.dirname, "src/modules"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const moduleZones = modules.map((m) => ({
  target: `./src/modules/${m}`,
  from: "./src/modules",
  except: [`./${m}`],
  message: "a module reaches other modules through its expected-keepers.ts, wired in src/app/modules.ts",
}));

export default tseslint.config(
  { ignores: ["src/gen/**", "node_modules/**", ".bin/**", ".data/**", "tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain JavaScript run by Node (the CLI launcher, test preloads, this file).
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", TextEncoder: "readonly", TextDecoder: "readonly", URL: "readonly", Buffer: "readonly" } },
  },
  {
    files: ["**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver": { node: { extensions: [".ts", ".js", ".json"] } },
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...moduleZones] }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-duplicates": "error",
      "no-restricted-syntax": [
        "error",
        { selector: "ImportDeclaration[source.value=/^\\.{1,2}\\/.*\\.js$/]", message: "relative imports carry no extension" },
        { selector: "ExportNamedDeclaration[source.value=/^\\.{1,2}\\/.*\\.js$/]", message: "relative imports carry no extension" },
        { selector: "ExportAllDeclaration[source.value=/^\\.{1,2}\\/.*\\.js$/]", message: "relative imports carry no extension" },
      ],
      "@typescript-eslint/no-explicit-any": "off",
      // Input validation matches control characters on purpose (refusing them).
      "no-control-regex": "off",
      // A `let` read by a closure before its one assignment (a callback wired before the server exists).
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
);
