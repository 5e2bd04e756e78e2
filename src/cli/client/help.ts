import { Argument, Help, type Command } from "commander";
import { protoRegistry } from "../../codec/proto-registry";
import type { CliField } from "./schema";
import { firstSentence, messageComment, protoComment } from "./proto-docs";

const EXAMPLE_PREFIX = "  $ ";

/** What `--help` says of a tx or query command: the proto comments first, the wire names after. */
export interface CommandDoc {
  /** One line for the module's command list. */
  summary: string;
  /** The full text under the usage line. */
  description: string;
}

export function msgDoc(o: { typeUrl: string; amino: string; signer?: string; example?: string }): CommandDoc {
  const comment = messageComment(o.typeUrl.slice(1));
  const name = o.typeUrl.slice(o.typeUrl.lastIndexOf(".") + 1);
  const lines = [
    comment || `Sends a ${name}.`,
    "",
    `Message: ${o.typeUrl} (amino ${o.amino})${o.signer ? `; signed by ${o.signer} (--from)` : ""}`,
  ];
  if (o.example) lines.push("", "Example:", `${EXAMPLE_PREFIX}${o.example}`);
  return { summary: firstSentence(comment) || o.typeUrl, description: lines.join("\n") };
}

/** The rpc's comment (what SDK query services document), else the request message's. */
export function queryDoc(o: { service: string; method: string; requestType: string; path: string; rest?: string }): CommandDoc {
  const rpc = protoRegistry()
    .getService(o.service)
    ?.methods.find((m) => m.name === o.method);
  const comment = (rpc && protoComment(rpc)) || messageComment(o.requestType);
  const wire = `Query: ${o.path}${o.rest ? ` (REST: GET ${o.rest})` : ""}`;
  return { summary: firstSentence(comment) || o.path, description: comment ? `${comment}\n\n${wire}` : wire };
}

/**
 * Lists each positional slot under "Arguments:" with its field's comment, though the command
 * itself takes them as one variadic argument (a signer slot is optional); keeps example lines
 * whole, so they can be copied.
 */
export function configureHelp(cmd: Command, slots?: Array<{ field: CliField; note?: string }>): void {
  const shown = slots?.map(
    ({ field, note }) => new Argument(`[${field.name}]`, note ? `${field.doc.replace(/\.?$/, ".")} ${note}` : field.doc),
  );
  cmd.configureHelp({
    ...(shown ? { visibleArguments: () => shown } : {}),
    boxWrap(this: Help, text: string, width: number): string {
      return text
        .split("\n")
        .map((line) => (line.startsWith(EXAMPLE_PREFIX) ? line : Help.prototype.boxWrap.call(this, line, width)))
        .join("\n");
    },
  });
}
