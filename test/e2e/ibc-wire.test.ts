import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, ScalarType, toBinary, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { afterAll, describe, expect, it } from "vitest";
import { buildModules } from "../../src/app/modules";
import { protoRegistry } from "../../src/codec/proto-registry";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx } from "../../src/client/tx-builder";
import { requireIbcSimd } from "./helpers/ibc-counterparty";

/**
 * Every IBC message our node accepts, with every field set (nested messages too), goes through
 * ibc-go's own codec: simd's `tx decode` (the SDK tx decoder, which refuses unknown fields and
 * unpacks each Any into the interface ibc-go registered for it) and `tx encode`. The bytes ibc-go
 * writes back are ours, message for message: same field numbers, same types, nothing dropped.
 */

/** The light-client type each Any field of an IBC message carries on ibc-go. */
const ANY_TYPES: Record<string, string> = {
  client_state: "ibc.lightclients.tendermint.v1.ClientState",
  consensus_state: "ibc.lightclients.tendermint.v1.ConsensusState",
  client_message: "ibc.lightclients.tendermint.v1.Header",
  misbehaviour: "ibc.lightclients.tendermint.v1.Misbehaviour",
  upgraded_client_state: "ibc.lightclients.tendermint.v1.ClientState",
  upgraded_consensus_state: "ibc.lightclients.tendermint.v1.ConsensusState",
};

function scalar(field: DescField, kind: ScalarType): unknown {
  switch (kind) {
    case ScalarType.STRING:
      // Coin amounts are gogoproto's Int on ibc-go: a decimal integer.
      return field.name === "amount" ? "340282366920938463463374607431768211456" : `${field.name}-é`;
    case ScalarType.BYTES:
      return Uint8Array.from({ length: 20 }, (_, i) => (field.number * 7 + i) & 0xff);
    case ScalarType.BOOL:
      return true;
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return -BigInt(field.number) * 1_000_000_007n;
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return BigInt(field.number) * 1_000_000_007n;
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return -field.number * 1009;
    default:
      return field.number * 1009;
  }
}

/** A message with every field set, nested messages to `depth`; Anys carry the type ibc-go expects there. */
function fullMessage(desc: DescMessage, depth: number): ReflectMessage {
  const r = reflect(desc, create(desc));
  for (const field of desc.fields) {
    // One member of each oneof: the first.
    if (field.oneof && field !== field.oneof.fields[0]) continue;
    switch (field.fieldKind) {
      case "scalar":
        r.set(field, scalar(field, field.scalar));
        break;
      case "enum":
        r.set(field, field.enum.values[field.enum.values.length - 1]!.number);
        break;
      case "message":
        if (depth > 0) r.set(field, messageFor(field, field.message, depth - 1));
        break;
      case "list":
        for (let i = 0; i < 2; i++) {
          if (field.listKind === "scalar") r.get(field).add(scalar(field, field.scalar));
          else if (field.listKind === "enum") r.get(field).add(field.enum.values[i % field.enum.values.length]!.number);
          else if (depth > 0) r.get(field).add(messageFor(field, field.message, depth - 1));
        }
        break;
      case "map":
        break;
    }
  }
  return r;
}

function messageFor(field: DescField, desc: DescMessage, depth: number): ReflectMessage {
  // JSON (which simd's round trip goes through) holds only times and durations in their ranges.
  if (desc.typeName === "google.protobuf.Timestamp" || desc.typeName === "google.protobuf.Duration")
    return reflect(desc, create(desc, { seconds: 1_700_000_000n + BigInt(field.number), nanos: 5 }));
  if (desc.typeName !== "google.protobuf.Any") return fullMessage(desc, depth);
  const typeName = ANY_TYPES[field.name];
  if (!typeName) throw new Error(`no ibc-go type known for Any field ${field.parent.typeName}.${field.name}`);
  const inner = protoRegistry().getMessage(typeName)!;
  return reflect(desc, create(desc, { typeUrl: `/${typeName}`, value: toBinary(inner, fullMessage(inner, depth).message) }));
}

describe("IBC messages through ibc-go's codec (simd tx decode / encode)", () => {
  const dir = mkdtempSync(join(tmpdir(), "ibc-wire-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("every message our node accepts reads and writes back byte for byte", async () => {
    const simd = requireIbcSimd();
    const defs = buildModules()
      .modules.flatMap((m) => m.msgs ?? [])
      .filter((d) => d.typeUrl.startsWith("/ibc."));
    expect(defs.map((d) => d.typeUrl)).toEqual(
      expect.arrayContaining([
        "/ibc.core.client.v1.MsgCreateClient",
        "/ibc.core.connection.v1.MsgConnectionOpenTry",
        "/ibc.core.channel.v1.MsgRecvPacket",
        "/ibc.applications.transfer.v1.MsgTransfer",
      ]),
    );
    const msgs = defs.map((d) => {
      const desc = protoRegistry().getMessage(d.typeUrl.slice(1))!;
      return { typeUrl: d.typeUrl, value: toBinary(desc, fullMessage(desc, 10).message) };
    });
    const key = await Secp256k1Key.fromMnemonic("test ".repeat(11) + "junk");
    const tx = signTx(msgs, [{ key, accountNumber: 1n, sequence: 0n }], { chainId: "wire", gasLimit: 1n, fee: [] });

    const json = execFileSync(simd, ["tx", "decode", "--hex", Buffer.from(tx).toString("hex")], { encoding: "utf8" });
    const file = join(dir, "tx.json");
    writeFileSync(file, json);
    const encoded = execFileSync(simd, ["tx", "encode", file], { encoding: "utf8" }).trim();
    const back = TxBody.decode(TxRaw.decode(Buffer.from(encoded, "base64")).bodyBytes).messages;

    expect(back.map((m) => m.typeUrl)).toEqual(msgs.map((m) => m.typeUrl));
    for (const [i, m] of msgs.entries()) {
      expect({ typeUrl: m.typeUrl, hex: Buffer.from(back[i]!.value).toString("hex") }).toEqual({
        typeUrl: m.typeUrl,
        hex: Buffer.from(m.value).toString("hex"),
      });
    }
  });
});
