/**
 * One pino JSON record as one human line, in the manner of the SDK's console logger:
 *   15:04:05.123 INF engine: committed block height=12 txs=3 ms=4.2 appHash=8F3A01C2D4E5
 * time (local, to the millisecond), a three-letter level, the module, the message, then the
 * record's other fields as key=value in the order they were logged.
 */

const TAGS: Record<number, string> = { 10: "TRC", 20: "DBG", 30: "INF", 40: "WRN", 50: "ERR", 60: "FTL" };

const ESC = "\u001b[";
const paint = (code: string) => (s: string) => `${ESC}${code}m${s}${ESC}0m`;
const COLOURS: Record<number, (s: string) => string> = {
  10: paint("90"),
  20: paint("34"),
  30: paint("32"),
  40: paint("33"),
  50: paint("31"),
  60: paint("1;31"),
};
const dim = paint("2");
const cyan = paint("36");
const bold = paint("1");

/** Keys the line shows in its own places, or that say nothing on a terminal. */
const OWN_KEYS = new Set(["level", "time", "msg", "module", "service", "pid", "hostname"]);

export interface FormatOptions {
  colour: boolean;
}

function clock(ms: unknown): string {
  const d = new Date(typeof ms === "number" ? ms : Date.now());
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, "0")}`;
}

/** Bare when it reads unambiguously, else JSON (quoted strings, objects). */
function value(v: unknown): string {
  if (typeof v === "string") return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean" || v === null) return String(v);
  return JSON.stringify(v);
}

/** pino's error serialisation ({type, message, stack}) or a plain message string. */
function errorParts(err: unknown): { text: string; stack?: string } {
  if (err && typeof err === "object" && "message" in err) {
    const e = err as { message: unknown; stack?: unknown };
    return { text: String(e.message), stack: typeof e.stack === "string" ? e.stack : undefined };
  }
  return { text: typeof err === "string" ? err : JSON.stringify(err) };
}

export function formatRecord(record: Record<string, unknown>, o: FormatOptions): string {
  const lvl = Number(record.level);
  const tag = TAGS[lvl] ?? `L${lvl}`;
  const parts: string[] = [o.colour ? dim(clock(record.time)) : clock(record.time), o.colour ? (COLOURS[lvl] ?? bold)(tag) : tag];
  if (typeof record.module === "string") parts.push(o.colour ? cyan(`${record.module}:`) : `${record.module}:`);
  if (record.msg !== undefined && record.msg !== "") parts.push(String(record.msg));
  let stack: string | undefined;
  for (const [k, v] of Object.entries(record)) {
    if (OWN_KEYS.has(k) || v === undefined) continue;
    let shown: string;
    if (k === "err") {
      const e = errorParts(v);
      shown = value(e.text);
      stack = e.stack;
    } else shown = value(v);
    parts.push(o.colour ? `${dim(`${k}=`)}${shown}` : `${k}=${shown}`);
  }
  const line = parts.join(" ");
  // A stack goes below its line, indented, so the line itself stays one line.
  const below = stack
    ? `\n${stack
        .split("\n")
        .slice(1)
        .map((s) => `    ${s.trim()}`)
        .join("\n")}`
    : "";
  return `${line}${below}\n`;
}
