/**
 * Comments may point a reader at a file only if the repository has it: a comment naming a
 * document that lives elsewhere (a design note, a spec) sends the next reader nowhere. Generated
 * code (src/gen) is left out: its comments come from the protos.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../..");
const SKIP = new Set(["node_modules", ".git", ".bin", "gen", "dist"]);

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith(".") && e.name !== ".ci") continue;
    if (SKIP.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const files = walk(ROOT);
const basenames = new Set(files.map((f) => basename(f)));
const sources = files.filter((f) => /\.ts$/.test(f) && /^(src|test)\//.test(relative(ROOT, f)));

/** Every comment of a source file (leading and trailing comment ranges of every node, once each). */
function comments(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const seen = new Map<number, string>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    node.forEachChild(visit);
  };
  visit(source);
  add(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return [...seen.values()];
}

/** A file name with one of the cited extensions, with any leading path (a path under docs, or a bare proto name). */
const FILE_NAME = /(?<![\w@/.-])((?:[\w.-]+\/)*[\w.-]*\w\.(?:md|ts|proto|json|sh))(?![\w/-]|\.\w)/g;

/** Files the node and the CLI read, write or serve at run time: named in comments, never in the repository. */
const RUNTIME_FILES = new Set(["genesis.json", "priv_validator_key.json", "upgrade-info.json", "openapi.json", "proposal.json"]);

/** Whether `name`, cited in `from`, is a file of the repository: by path (from the root, the citing file or any folder), or by bare name. */
function exists(name: string, from: string): boolean {
  if (RUNTIME_FILES.has(name)) return true;
  if (!name.includes("/")) return basenames.has(name);
  if ([ROOT, dirname(from)].some((base) => existsSync(join(base, name)))) return true;
  return files.some((f) => f.endsWith(`/${name}`));
}

const commented = sources.map((file) => ({ file: relative(ROOT, file), comments: comments(file, readFileSync(file, "utf8")) }));
const cited = commented.flatMap(({ file, comments }) =>
  comments.flatMap((c) => [...c.matchAll(FILE_NAME)].map((m) => ({ file, name: m[1]! }))),
);

/** Names of documents kept outside the repository: a comment states the rule itself instead. */
const ELSEWHERE = /\b(the spec('s)?|wire sheet|design\.md|Document [0-9]|the issue)\b/i;

describe("comments name files that exist", () => {
  it("finds cited files to check", () => {
    expect(cited.length).toBeGreaterThan(20);
  });

  it("cite no file the repository does not have, and never design.md", () => {
    const missing = cited.filter((c) => c.name.endsWith("design.md") || !exists(c.name, join(ROOT, c.file)));
    expect(missing.map((c) => `${c.file}: ${c.name}`)).toEqual([]);
  });

  it("cite no document kept outside the repository (the spec, the wire sheet, the issue)", () => {
    const found = commented.flatMap(({ file, comments }) =>
      comments.filter((c) => ELSEWHERE.test(c)).map((c) => `${file}: ${ELSEWHERE.exec(c)![0]}`),
    );
    expect(found).toEqual([]);
  });
});
