#!/usr/bin/env -S node --max-semi-space-size=64
// Runs the compiled node (dist/, written by `npm run build`; an installed package ships it),
// resolved from this file so the command works from any working directory. No TypeScript
// loader is involved: a checkout builds first.
import { existsSync } from "node:fs";

const bundle = new URL("../dist/blockchaind.js", import.meta.url);
if (!existsSync(bundle)) {
  console.error("blockchaind: dist/blockchaind.js is missing; in a checkout, run `npm run build` first");
  process.exit(1);
}
await import(bundle.href);
