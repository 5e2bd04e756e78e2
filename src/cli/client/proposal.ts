import type { FieldFlag } from "./fields-cli";
import { UsageError } from "./output";

/** The SDK's proposal file for `tx gov submit-proposal proposal.json`. */
interface ProposalFile {
  messages?: unknown[];
  deposit?: string | Array<{ denom: string; amount: string }>;
  metadata?: string;
  title?: string;
  summary?: string;
  expedited?: boolean;
}

/** Option values (as if given on the command line) for the MsgSubmitProposal fields the file sets. */
export function proposalFields(text: string, flags: FieldFlag[]): Record<string, string[]> {
  let file: ProposalFile;
  try {
    file = JSON.parse(text) as ProposalFile;
  } catch (e) {
    throw new UsageError(`proposal file is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof file !== "object" || file === null || Array.isArray(file)) throw new UsageError("proposal file must be a JSON object");
  // Types checked before use, so a wrong one is a usage error naming the field (found by fuzzing).
  for (const key of ["metadata", "title", "summary"] as const) {
    if (file[key] !== undefined && typeof file[key] !== "string") throw new UsageError(`proposal file: ${key} must be a string`);
  }
  if (file.expedited !== undefined && typeof file.expedited !== "boolean")
    throw new UsageError("proposal file: expedited must be true or false");
  if (file.messages !== undefined && !Array.isArray(file.messages)) throw new UsageError("proposal file: messages must be a list");
  const coinOk = (c: unknown) =>
    typeof c === "object" &&
    c !== null &&
    typeof (c as { denom?: unknown }).denom === "string" &&
    ["string", "number"].includes(typeof (c as { amount?: unknown }).amount);
  if (file.deposit !== undefined && typeof file.deposit !== "string" && !(Array.isArray(file.deposit) && file.deposit.every(coinOk))) {
    throw new UsageError('proposal file: deposit must be "10uyml" or [{"denom", "amount"}]');
  }
  const deposit = Array.isArray(file.deposit) ? file.deposit.map((c) => `${c.amount}${c.denom}`).join(",") : file.deposit;
  const values: Record<string, string | undefined> = {
    messages: file.messages === undefined ? undefined : JSON.stringify(file.messages),
    initial_deposit: deposit,
    metadata: file.metadata,
    title: file.title,
    summary: file.summary,
    expedited: file.expedited === undefined ? undefined : String(file.expedited),
  };
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const flag = flags.find((f) => f.field.name === name);
    if (!flag) throw new UsageError(`the node's MsgSubmitProposal has no field ${name}`);
    out[flag.attribute] = [value];
  }
  return out;
}
