import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the package's own files are, whether the node runs from the TypeScript sources (tsx,
 * vitest) or from the compiled bundle `npm run build` writes to dist/ (the `blockchaind` bin,
 * an installed package). In the bundle every module's import.meta.url is the bundle file's, so
 * code must not locate files relative to its own source file: it asks here.
 */
const here = dirname(fileURLToPath(import.meta.url));

/** True in the compiled bundle (dist/*.js), false from the sources (src/types/package-files.ts). */
export const FROM_BUNDLE = basename(here) === "dist";

/** The package's root (the folder of its package.json): the checkout, or node_modules/<package> when installed. */
export const PACKAGE_ROOT = FROM_BUNDLE ? resolve(here, "..") : resolve(here, "..", "..");

/**
 * Files the node reads at run time, relative to the package root: where the sources keep each
 * one, and where scripts/build.mjs puts it (test/unit/package-files.test.ts checks both exist).
 */
export const PACKAGE_FILES = {
  /** The proto descriptor set `npm run gen` writes (src/types/descriptors.ts). */
  descriptorSet: { source: "src/gen/descriptors.binpb", bundle: "dist/descriptors.binpb" },
  /** The signature-pool worker's entry (src/app/tx/sig-pool.ts); from source it registers tsx itself. */
  sigWorker: { source: "src/app/tx/sig-worker.mjs", bundle: "dist/sig-worker.js" },
  /** The explorer's static front end (explorer/build.mjs writes it in both cases). */
  explorer: { source: "dist/explorer", bundle: "dist/explorer" },
} as const;

export type PackageFile = keyof typeof PACKAGE_FILES;

/** The absolute path of one of the package's files, for the code that is running. */
export function packageFile(name: PackageFile): string {
  const f = PACKAGE_FILES[name];
  return join(PACKAGE_ROOT, FROM_BUNDLE ? f.bundle : f.source);
}
