import { Command, Option } from "commander";
import type { CliField, MessageSchema } from "./schema";
import { UsageError } from "./output";
import { parseField } from "./values";

/** Flags the client itself uses; a message field with one of these names gets a "msg-" prefix. */
const RESERVED = new Set([
  "from",
  "fees",
  "gas",
  "gas-adjustment",
  "gas-prices",
  "memo",
  "timeout-height",
  "fee-granter",
  "fee-payer",
  "generate-only",
  "yes",
  "sequence",
  "account-number",
  "chain-id",
  "node",
  "rest",
  "home",
  "keyring-backend",
  "passphrase-file",
  "output",
  "help",
  "wait",
  "page-key",
  "offset",
  "limit",
  "count-total",
  "reverse",
]);

export interface FieldFlag {
  field: CliField;
  flag: string;
  attribute: string;
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** One option per field: `--to-address <string>`, repeatable; structured fields as `--<field>-json`. */
export function addFieldOptions(cmd: Command, schema: MessageSchema, skip: (f: CliField) => boolean = () => false): FieldFlag[] {
  const flags: FieldFlag[] = [];
  for (const field of schema.fields) {
    if (skip(field)) continue;
    const flag = RESERVED.has(field.flag) ? `msg-${field.flag}` : field.flag;
    const placeholder = field.kind === "json" ? "json" : field.kind === "coins" ? "coins" : field.kind === "enum" ? "option" : field.kind;
    const option = new Option(`--${flag} <${placeholder}>`, field.doc).argParser(collect);
    cmd.addOption(option);
    flags.push({ field, flag, attribute: option.attributeName() });
  }
  return flags;
}

/** A field value may come from its flag or its positional slot, not both. */
export function collectFields(
  flags: FieldFlag[],
  opts: Record<string, unknown>,
  positional: Map<string, string>,
): { protoJson: Record<string, unknown>; codecJson: Record<string, unknown>; set: Set<string> } {
  const protoJson: Record<string, unknown> = {};
  const codecJson: Record<string, unknown> = {};
  const set = new Set<string>();
  for (const { field, flag, attribute } of flags) {
    const fromFlag = opts[attribute] as string[] | undefined;
    const fromArg = positional.get(field.name);
    if (fromFlag && fromArg !== undefined) throw new UsageError(`${field.name} given both as an argument and as --${flag}`);
    const raw = fromFlag ?? (fromArg !== undefined ? [fromArg] : undefined);
    if (raw === undefined) continue;
    const value = parseField({ ...field, flag }, raw);
    (field.source === "codec" ? codecJson : protoJson)[field.name] = value;
    set.add(field.name);
  }
  return { protoJson, codecJson, set };
}

/** Fields that can be given positionally: the leading run of plain (non-JSON) fields. */
export function positionalFields(schema: MessageSchema, exclude: (f: CliField) => boolean): CliField[] {
  const out: CliField[] = [];
  for (const f of schema.fields) {
    if (exclude(f)) continue;
    if (f.kind === "json") break;
    out.push(f);
  }
  return out;
}
