// Bundles the explorer page into dist/explorer (index.html, app.js, style.css), which the node
// serves under /explorer. Usage: node explorer/build.mjs [outdir]
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? join(here, "..", "dist", "explorer"));
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(here, "src", "main.ts")],
  outfile: join(out, "app.js"),
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  platform: "browser",
  legalComments: "none",
  logLevel: "warning",
});
const css = await transform(readFileSync(join(here, "style.css"), "utf8"), { loader: "css", minify: true });
writeFileSync(join(out, "style.css"), css.code);
copyFileSync(join(here, "index.html"), join(out, "index.html"));
console.log(`explorer built into ${out}`);
