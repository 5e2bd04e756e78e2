import { h, link, table, type Child } from "./dom";
import type { Coin } from "./api";

const BECH32 = /^[a-z][a-z0-9]*1[02-9ac-hj-np-z]{38,90}$/;
const TX_HASH = /^[0-9A-Fa-f]{64}$/;

export function isAddress(s: string): boolean {
  return BECH32.test(s);
}

export function isTxHash(s: string): boolean {
  return TX_HASH.test(s);
}

export function accountLink(address: string): Child {
  return address ? link(`#/account/${address}`, h("span", { class: "mono" }, address)) : "—";
}

export function txLink(hash: string, short = true): Child {
  return link(`#/tx/${hash.toUpperCase()}`, h("span", { class: "mono" }, short ? shortHash(hash) : hash.toUpperCase()));
}

export function blockLink(height: string | number): Child {
  return link(`#/block/${height}`, String(height));
}

export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}`.toUpperCase() : hash.toUpperCase();
}

/** Base64 (the gateway's bytes) as upper-case hex. */
export function hex(b64: string | null | undefined): string {
  if (!b64) return "";
  try {
    const bin = atob(b64);
    let s = "";
    for (let i = 0; i < bin.length; i++) s += bin.charCodeAt(i).toString(16).padStart(2, "0");
    return s.toUpperCase();
  } catch {
    return b64;
  }
}

export function coins(list: Coin[] | null | undefined): string {
  if (!list || list.length === 0) return "—";
  return list.map((c) => `${groupDigits(c.amount)} ${c.denom}`).join(", ");
}

export function groupDigits(n: string): string {
  const [int, frac] = String(n).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

export function time(iso: string | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, " UTC");
}

/** Seconds since the epoch (module timestamps) as a date. */
export function unixTime(s: string | number | undefined): string {
  const n = Number(s ?? 0);
  return n > 0 ? time(new Date(n * 1000).toISOString()) : "—";
}

/** A decimal without its trailing zeros: 8.000000000000000000 → 8. */
export function dec(v: unknown): string {
  const s = String(v ?? "0");
  return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
}

/** An enum value without its type's prefix: CASE_STATUS_OPEN → open. */
export function enumText(v: unknown, prefix: string): string {
  return String(v ?? "")
    .replace(new RegExp(`^${prefix}`), "")
    .toLowerCase()
    .replace(/_/g, " ");
}

const BASE64_BLOB = /^[A-Za-z0-9+/]{40,}={0,2}$/;

/** Attributes the SDK fills with base64 bytes (the tx event's signature). */
const BYTES_ATTRIBUTES = new Set(["signature", "pubkey", "pub_key"]);

/** Event attribute values: addresses as links, the SDK's base64 bytes as hex. */
export function attributeValue(key: string, v: string): Child {
  if (isAddress(v)) return accountLink(v);
  if (BYTES_ATTRIBUTES.has(key) && BASE64_BLOB.test(v))
    return h("span", { class: "mono wrap", title: "bytes, shown as hex" }, `0x${hex(v)}`);
  return h("span", { class: "wrap" }, v);
}

export function bps(v: string | number | undefined): string {
  return v === undefined ? "—" : `${(Number(v) / 100).toFixed(2)} %`;
}

/** The last part of a type URL: /cosmos.bank.v1beta1.MsgSend → MsgSend (bank). */
export function msgName(typeUrl: string): string {
  const parts = typeUrl.replace(/^\//, "").split(".");
  const name = parts.at(-1) ?? typeUrl;
  const module = parts.length >= 3 ? parts[parts.length - 3] : "";
  return module ? `${name} (${module})` : name;
}

/** snake_case or camelCase to words. */
export function label(key: string): string {
  const words = key
    .replace(/^@/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isCoin(v: unknown): v is Coin {
  return typeof v === "object" && v !== null && Object.keys(v).length === 2 && "denom" in v && "amount" in v;
}

function scalar(v: unknown): Child {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  const s = String(v);
  if (isAddress(s)) return accountLink(s);
  return s.length > 48 ? h("span", { class: "mono wrap" }, s) : s;
}

/**
 * Any proto-JSON value as readable fields: nested messages as nested lists, coin lists as
 * amounts, lists of like records as tables, addresses as links.
 */
export function value(v: unknown, depth = 0): Child {
  if (Array.isArray(v)) {
    if (v.length === 0) return "—";
    if (v.every(isCoin)) return coins(v);
    if (v.every((x) => typeof x !== "object" || x === null)) return v.map((x, i) => [i > 0 ? ", " : "", scalar(x)]);
    const keys = [...new Set(v.flatMap((x) => Object.keys(x as object)))];
    if (depth < 3 && keys.length <= 8 && v.every((x) => Object.values(x as object).every((y) => typeof y !== "object" || y === null)))
      return table(
        "Entries",
        keys.map(label),
        v.map((x) =>
          keys.map((k) => (k === "@type" ? msgName(String((x as Record<string, unknown>)[k])) : scalar((x as Record<string, unknown>)[k]))),
        ),
      );
    return h(
      "ol",
      { class: "entries" },
      v.map((x) => h("li", null, value(x, depth + 1))),
    );
  }
  if (typeof v === "object" && v !== null) {
    if (isCoin(v)) return coins([v]);
    const entries = Object.entries(v).filter(([k]) => k !== "@type");
    const type = (v as Record<string, unknown>)["@type"];
    return h(
      "dl",
      { class: depth === 0 ? "facts" : "facts nested" },
      type ? h("div", null, h("dt", null, "Type"), h("dd", null, h("span", { class: "mono" }, String(type)))) : null,
      entries.map(([k, x]) => h("div", null, h("dt", null, label(k)), h("dd", null, value(x, depth + 1)))),
    );
  }
  return scalar(v);
}
