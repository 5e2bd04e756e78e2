import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FROM_BUNDLE, PACKAGE_FILES, PACKAGE_ROOT, packageFile } from "../../src/types/package-files";

// dist/ is current: the suite's global setup builds it (test/setup/build.ts).
const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as {
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const BUNDLES = ["dist/blockchaind.js", PACKAGE_FILES.sigWorker.bundle];

/** Optional native helpers bundled code requires inside a try (ws); absent, the package falls back to JavaScript. */
const OPTIONAL = new Set(["bufferutil", "utf-8-validate", "pg-native"]);

/** The package a bare specifier names ("@scope/name/sub" → "@scope/name"); undefined for Node's own modules. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0])) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function importsOf(bundle: string): { imported: Set<string>; required: Set<string> } {
  const text = readFileSync(join(PACKAGE_ROOT, bundle), "utf8");
  const names = (re: RegExp) => new Set([...text.matchAll(re)].map((m) => packageOf(m[1])).filter((p): p is string => p !== undefined));
  return { imported: names(/^import\s[^;]*?from\s"([^"]+)";/gm), required: names(/__require\("([^"]+)"\)/g) };
}

describe("the package's files, from the sources and from the bundle", () => {
  it("from the sources, the package root is this checkout and each file is where the sources keep it", () => {
    expect(FROM_BUNDLE).toBe(false);
    expect(pkg.name).toBe("blockchain-node");
    expect(packageFile("descriptorSet")).toBe(join(PACKAGE_ROOT, PACKAGE_FILES.descriptorSet.source));
    for (const f of Object.values(PACKAGE_FILES)) {
      if (f.source.startsWith("dist/")) continue;
      expect(existsSync(join(PACKAGE_ROOT, f.source)), f.source).toBe(true);
    }
  });

  it("the build puts every file where the bundle looks for it", () => {
    const explorerBuilt = existsSync(join(PACKAGE_ROOT, "explorer", "build.mjs"));
    for (const [name, f] of Object.entries(PACKAGE_FILES)) {
      if (name === "explorer" && !explorerBuilt) continue;
      expect(existsSync(join(PACKAGE_ROOT, f.bundle)), f.bundle).toBe(true);
    }
    const { source, bundle } = PACKAGE_FILES.descriptorSet;
    expect(readFileSync(join(PACKAGE_ROOT, bundle)).equals(readFileSync(join(PACKAGE_ROOT, source)))).toBe(true);
  });

  it("runtime dependencies are exactly the packages the bundles import; everything else is bundled", () => {
    const imported = new Set<string>();
    for (const b of BUNDLES) {
      const found = importsOf(b);
      for (const p of found.imported) imported.add(p);
      for (const p of found.required) expect(pkg.dependencies[p] !== undefined || OPTIONAL.has(p), `${b} requires ${p}`).toBe(true);
    }
    expect([...imported].sort()).toEqual(Object.keys(pkg.dependencies).sort());
    // Loaders, builders and benchmark tools are never the node's.
    for (const tool of ["tsx", "esbuild", "autocannon", "typescript"]) expect(pkg.dependencies[tool]).toBeUndefined();
  });

  it("the bundle runs from another directory with plain node", () => {
    // `version` loads the whole bundle (every module's top level, the proto runtime's self-check).
    const out = execFileSync(process.execPath, [join(PACKAGE_ROOT, "dist", "blockchaind.js"), "version"], { cwd: "/", encoding: "utf8" });
    expect(out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
