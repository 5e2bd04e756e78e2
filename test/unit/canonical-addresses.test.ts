import { describe, expect, it } from "vitest";
import { create, getOption, toBinary, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgExec } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { buildModules } from "../../src/app/modules";
import { validateMsg } from "../../src/app/msg-validate";
import { protoRegistry } from "../../src/codec/proto-registry";
import { canonicaliseAddresses, canonicalSpelling, isAddressField } from "../../src/codec/canonical-addresses";
import { bech32Prefix, toBech32 } from "../../src/types/address";
import type { MsgDef } from "../../src/types/module";

const registry = protoRegistry();
const scalarExt = registry.getExtension("cosmos_proto.scalar")!;
const defs = buildModules().modules.flatMap((m) => m.msgs ?? []);
const BYTES = Uint8Array.from({ length: 20 }, (_, i) => 0xa0 + i);

/** A valid address of the kind the field declares, lower case. */
function addressFor(field: DescField): string {
  const scalar = field.proto.options ? (getOption(field, scalarExt) as string) : "";
  const prefix =
    scalar === "cosmos.ValidatorAddressString"
      ? bech32Prefix.validator
      : scalar === "cosmos.ConsensusAddressString"
        ? bech32Prefix.consensus
        : bech32Prefix.account;
  return toBech32(prefix, BYTES);
}

type Path = DescField[];

/** Every path from the message to an address field, through nested messages (Anys and maps aside). */
function addressPaths(desc: DescMessage, seen: ReadonlySet<string> = new Set()): Path[] {
  const paths: Path[] = [];
  for (const field of desc.fields) {
    if (isAddressField(field)) paths.push([field]);
    else if (
      field.message &&
      field.fieldKind !== "map" &&
      field.message.typeName !== "google.protobuf.Any" &&
      !seen.has(field.message.typeName)
    ) {
      for (const rest of addressPaths(field.message, new Set([...seen, desc.typeName]))) paths.push([field, ...rest]);
    }
  }
  return paths;
}

/** @bufbuild init object setting the path's address (as one list element where a field repeats). */
function initFor(path: Path, address: string): Record<string, unknown> {
  const [field, ...rest] = path;
  const value = rest.length === 0 ? address : initFor(rest, address);
  const slot = field!.fieldKind === "list" ? [value] : value;
  return field!.oneof ? { [field!.oneof.localName]: { case: field!.localName, value: slot } } : { [field!.localName]: slot };
}

function bytesWith(desc: DescMessage, path: Path, address: string): Uint8Array {
  return toBinary(desc, create(desc, initFor(path, address) as never));
}

/** What the door makes of the bytes: decoded by the message's own codec, then validateMsg (its refusal aside). */
function atTheDoor(def: MsgDef, bytes: Uint8Array): Uint8Array {
  const msg = def.codec.decode(bytes);
  try {
    validateMsg(def, msg);
  } catch {
    // Other fields are left empty here; the addresses were made canonical before validation ran.
  }
  return def.codec.encode(msg).finish();
}

const cases = defs.flatMap((def) => {
  const desc = registry.getMessage(def.typeUrl.slice(1))!;
  return addressPaths(desc).map((path) => [`${def.typeUrl} ${path.map((f) => f.name).join(".")}`, def, desc, path] as const);
});

describe("an upper-case address is its lower-case twin, in every address field of every message", () => {
  it("covers the chain's messages", () => {
    expect(defs.length).toBeGreaterThan(150);
    expect(cases.length).toBeGreaterThan(230);
  });

  it.each(cases)("%s", (_label, def, desc, path) => {
    const lower = addressFor(path[path.length - 1]!);
    const upper = lower.toUpperCase();
    const canonical = atTheDoor(def, bytesWith(desc, path, lower));
    expect(atTheDoor(def, bytesWith(desc, path, upper))).toEqual(canonical);
    expect(canonical).toEqual(def.codec.encode(def.codec.decode(bytesWith(desc, path, lower))).finish());
  });
});

describe("what the door leaves alone", () => {
  it("mixed case, invalid bech32 and the lower-case spelling are unchanged", () => {
    const lower = toBech32(bech32Prefix.account, BYTES);
    expect(canonicalSpelling(lower)).toBe(lower);
    const mixed = lower.slice(0, 10) + lower.slice(10).toUpperCase();
    expect(canonicalSpelling(mixed)).toBe(mixed);
    expect(canonicalSpelling("NOT-AN-ADDRESS")).toBe("NOT-AN-ADDRESS");
    expect(canonicalSpelling("")).toBe("");
  });

  it("rewrites addresses inside an Any (authz MsgExec's messages)", () => {
    const from = toBech32(bech32Prefix.account, BYTES);
    const inner = {
      typeUrl: "/cosmos.bank.v1beta1.MsgSend",
      value: MsgSend.encode({ fromAddress: from.toUpperCase(), toAddress: from, amount: [{ denom: "uyml", amount: "1" }] }).finish(),
    };
    const exec = MsgExec.decode(MsgExec.encode({ grantee: from.toUpperCase(), msgs: [inner] }).finish());
    canonicaliseAddresses("cosmos.authz.v1beta1.MsgExec", exec);
    expect(exec.grantee).toBe(from);
    expect(MsgSend.decode(exec.msgs[0]!.value).fromAddress).toBe(from);
  });
});

/**
 * A string field named like an address that is not treated as one is either a mistake (a new
 * module's proto without `cosmos_proto.scalar`) or one of these, which hold no address.
 */
const NOT_ADDRESSES = new Set([
  "blockchain.enforcement.v1.LegalInstrument.issuing_authority",
  "blockchain.validatorgov.v1.MsgApplyValidator.beneficial_owner_id",
  "blockchain.validatorgov.v1.MsgAttestOwnership.beneficial_owner_id",
  "cosmos.distribution.v1beta1.Params.base_proposer_reward",
  "cosmos.distribution.v1beta1.Params.bonus_proposer_reward",
  "ibc.core.channel.v1.Packet.destination_port",
  "ibc.core.channel.v1.Packet.destination_channel",
  // The other chain's address, in its own format: never rewritten to ours.
  "ibc.applications.transfer.v1.MsgTransfer.receiver",
]);
const ADDRESS_LIKE =
  /(addr|address|sender|owner|authority|signer|creator|recipient|admin|grantee|granter|delegator|validator|issuer|voter|proposer|depositor|member|holder|target|opener|payer|beneficiary|spender|operator|custodian|attestor|ombudsman|destination|receiver|debtor|creditor|participant|buyer|seller|reporter|registrar|submitter|builder|account|customer|feeder|appraiser)/i;

describe("every string field named like an address in a message is treated as one", () => {
  it("has no unlisted exception", () => {
    const unlisted: string[] = [];
    const seen = new Set<string>();
    const walk = (desc: DescMessage): void => {
      if (seen.has(desc.typeName)) return;
      seen.add(desc.typeName);
      for (const f of desc.fields) {
        if (isAddressField(f)) continue;
        if (f.message && f.fieldKind !== "map") walk(f.message);
        else if (f.fieldKind !== "map" && f.scalar === 9 && ADDRESS_LIKE.test(f.name) && !NOT_ADDRESSES.has(`${desc.typeName}.${f.name}`))
          unlisted.push(`${desc.typeName}.${f.name}`);
      }
    };
    for (const def of defs) walk(registry.getMessage(def.typeUrl.slice(1))!);
    expect(unlisted).toEqual([]);
  });
});
