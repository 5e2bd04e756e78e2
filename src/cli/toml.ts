/**
 * The small part of TOML the node's config files use: `[section]` headers and
 * `key = value` lines whose values are strings, integers or booleans. Patching edits lines
 * in place so CometBFT's commented config.toml keeps its comments and layout.
 */
export type TomlValue = string | number | bigint | boolean | string[];
export type TomlTable = Record<string, Record<string, TomlValue>>;

export function formatTomlValue(v: TomlValue): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((s) => JSON.stringify(s)).join(", ")}]`;
  return String(v);
}

function parseTomlValue(raw: string, where: string): TomlValue {
  const text = raw.trim();
  if (text.startsWith('"')) {
    const end = text.lastIndexOf('"');
    return JSON.parse(text.slice(0, end + 1)) as string;
  }
  if (text.startsWith("'")) return text.slice(1, text.indexOf("'", 1));
  // CometBFT writes arrays with a trailing comma: ["HEAD", "GET", "POST", ]
  if (text.startsWith("["))
    return JSON.parse(
      text
        .replace(/#[^"\]]*$/, "")
        .trim()
        .replace(/,\s*\]$/, "]"),
    ) as string[];
  const bare = text.replace(/\s*#.*$/, "");
  if (bare === "true" || bare === "false") return bare === "true";
  if (/^-?[0-9_]+$/.test(bare)) return BigInt(bare.replaceAll("_", ""));
  throw new Error(`unsupported TOML value at ${where}: ${raw}`);
}

/** Parses into `{ "": top-level keys, "<section>": keys }`. */
export function parseToml(text: string): TomlTable {
  const out: TomlTable = { "": {} };
  let section = "";
  text.split("\n").forEach((line, i) => {
    const t = line.trim();
    if (t === "" || t.startsWith("#")) return;
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(t);
    if (header) {
      section = header[1];
      out[section] ??= {};
      return;
    }
    const kv = /^([A-Za-z0-9_-]+)\s*=\s*(.*)$/.exec(t);
    if (!kv) throw new Error(`TOML line ${i + 1} not understood: ${t}`);
    out[section][kv[1]] = parseTomlValue(kv[2], `line ${i + 1}`);
  });
  return out;
}

/** Sets keys in place; a key missing from its section is added right after the header. */
export function patchToml(text: string, patches: TomlTable): string {
  const lines = text.split("\n");
  for (const section of Object.keys(patches).sort()) {
    for (const key of Object.keys(patches[section]).sort()) {
      const value = `${key} = ${formatTomlValue(patches[section][key])}`;
      let current = "";
      let headerAt = section === "" ? -1 : undefined;
      let done = false;
      for (let i = 0; i < lines.length; i++) {
        const t = lines[i].trim();
        const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(t);
        if (header) {
          current = header[1];
          if (current === section) headerAt = i;
          continue;
        }
        if (current === section && new RegExp(`^${key}\\s*=`).test(t)) {
          lines[i] = value;
          done = true;
          break;
        }
      }
      if (done) continue;
      if (headerAt === undefined) lines.push("", `[${section}]`, value);
      else lines.splice(headerAt + 1, 0, value);
    }
  }
  return lines.join("\n");
}
