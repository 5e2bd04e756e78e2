// `npm run build`: compiles the node into dist/ — one ESM bundle per entry (the CLI, the
// signature-pool worker) and the descriptor set beside them (src/types/package-files.ts says
// where the code looks for each), then the explorer's front end when explorer/build.mjs is
// there. Packages that must stay packages (native addons, optional native helpers) are left as
// imports: they, and only they, are the package's runtime `dependencies`
// (test/unit/package-files.test.ts).
//
//   node scripts/build.mjs [--if-changed] [--quiet]
//
// --if-changed skips the build when dist/ was built from the same inputs (a hash of their
// contents, not their times): the test suites' global setup runs it before every run.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { build } from "esbuild";

const root = join(import.meta.dirname, "..");
const dist = join(root, "dist");
const quiet = process.argv.includes("--quiet");

/** Imports left to Node at run time: native addons (found through their package folder) and optional native helpers. */
const EXTERNAL = ["classic-level", "secp256k1", "pg-native", "bufferutil", "utf-8-validate"];

/** What the build writes at the top of dist/ (the explorer's front end has its own folder). */
const OUTPUTS = ["blockchaind.js", "sig-worker.js", "descriptors.binpb"];
const INPUTS_FILE = ".inputs-sha256";

// Bundled CommonJS code calls require() and reads __dirname/__filename, which an ES module lacks.
const banner = [
  'import { createRequire as __bundleCreateRequire } from "node:module";',
  'import { dirname as __bundleDirname } from "node:path";',
  'import { fileURLToPath as __bundleFileURLToPath } from "node:url";',
  "const require = __bundleCreateRequire(import.meta.url);",
  "const __filename = __bundleFileURLToPath(import.meta.url);",
  "const __dirname = __bundleDirname(__filename);",
].join("\n");

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !relative(root, f).split("/").includes("node_modules"));
}

/** A hash of everything the build reads from this package (node_modules is pinned by the lock file). */
function inputsHash() {
  const files = [...filesUnder(join(root, "src")), ...filesUnder(join(root, "explorer"))].sort();
  files.push(join(root, "package.json"), join(root, "package-lock.json"), join(import.meta.filename));
  const h = createHash("sha256");
  for (const f of files) {
    if (!existsSync(f)) continue;
    h.update(relative(root, f)).update("\0").update(readFileSync(f)).update("\0");
  }
  return h.digest("hex");
}

const started = Date.now();
const inputs = inputsHash();
const builtFrom = existsSync(join(dist, INPUTS_FILE)) ? readFileSync(join(dist, INPUTS_FILE), "utf8") : "";
if (process.argv.includes("--if-changed") && builtFrom === inputs && OUTPUTS.every((f) => existsSync(join(dist, f)))) {
  if (!quiet) console.log("build: dist/ is current");
  process.exit(0);
}

// Written aside, then renamed into dist/ file by file: a node already running from dist/ (a
// concurrent test run) never reads a half-written bundle.
mkdirSync(dist, { recursive: true });
const staging = mkdtempSync(join(dist, ".staging-"));
try {
  await build({
    entryPoints: { blockchaind: join(root, "src/cli/main.ts"), "sig-worker": join(root, "src/app/tx/sig-worker.ts") },
    outdir: staging,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    external: EXTERNAL,
    banner: { js: banner },
    logLevel: "warning",
  });
  copyFileSync(join(root, "src/gen/descriptors.binpb"), join(staging, "descriptors.binpb"));
  for (const f of OUTPUTS) renameSync(join(staging, f), join(dist, f));
} finally {
  rmSync(staging, { recursive: true, force: true });
}

const explorer = join(root, "explorer", "build.mjs");
if (existsSync(explorer)) execFileSync(process.execPath, [explorer], { cwd: root, stdio: "inherit" });

writeFileSync(join(dist, INPUTS_FILE), inputs);
if (!quiet) console.log(`build: dist/ in ${Date.now() - started} ms`);
