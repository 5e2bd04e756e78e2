import { describe, expect, it } from "vitest";
import { getOption } from "@bufbuild/protobuf";
import { buildModules } from "../../src/app/modules";
import { protoRegistry } from "../../src/codec/proto-registry";
import { aminoMsgJson, aminoNameOf } from "../../src/codec/amino";

/**
 * A message's signer field and amino name are written twice: as proto options
 * (cosmos.msg.v1.signer, amino.name) and in its defineMsg. This keeps the two equal for every
 * message of every module registered now or later.
 */
describe("every defineMsg agrees with its proto descriptor", () => {
  const registry = protoRegistry();
  const signerExt = registry.getExtension("cosmos.msg.v1.signer")!;
  const aminoExt = registry.getExtension("amino.name")!;
  const msgs = buildModules().modules.flatMap((m) => (m.msgs ?? []).map((def) => ({ module: m.name, def })));

  it("finds the options in the descriptor set", () => {
    expect(signerExt).toBeDefined();
    expect(aminoExt).toBeDefined();
    expect(msgs.length).toBeGreaterThan(40);
  });

  it.each(msgs.map(({ module, def }) => [`${module} ${def.typeUrl}`, def] as const))("%s", (_label, def) => {
    const desc = registry.getMessage(def.typeUrl.slice(1));
    expect(desc, "message is in the descriptor set").toBeDefined();
    const signers = getOption(desc!, signerExt) as string[];
    const ours = def.typeUrl.startsWith("/blockchain.");
    if (ours) expect(signers.length, "our protos name their signer").toBeGreaterThan(0);
    // defineMsg names the generated (camelCase) field; the option names the proto field.
    const signerField = desc!.fields.find((f) => f.localName === def.signerField)?.name;
    // Messages with several signers (MultiSend inputs) declare a signers function instead of a field.
    if (signers.length === 1 && def.signerField !== undefined) expect(signerField).toBe(signers[0]);
    if (ours) expect(signerField, "a chain message is signed by one named field").toBe(signers[0]);
    expect(def.aminoName ?? "").toBe(ours ? ((getOption(desc!, aminoExt) as string) ?? "") : (aminoNameOf(def.typeUrl) ?? ""));
  });
});

/** LEGACY_AMINO_JSON covers every message: its amino name, or its type URL where it has none (x/tx's fallback). */
describe("every message has a LEGACY_AMINO_JSON form", () => {
  const msgs = buildModules().modules.flatMap((m) => m.msgs ?? []);
  it.each(msgs.map((def) => [def.typeUrl, def] as const))("%s", (typeUrl, def) => {
    const value = def.codec.encode(def.codec.fromPartial({})).finish();
    const json = aminoMsgJson({ typeUrl, value }, def.aminoName);
    expect(json.type).toBe(def.aminoName ?? typeUrl);
    expect(typeof json.value).toBe("object");
  });
});
