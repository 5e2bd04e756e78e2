import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { protoRegistry } from "../../../src/codec/proto-json";
import { packPubKey } from "../../../src/client/tx-builder";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { AnyMsg } from "../../../src/types/codec";
import type { MsgDef } from "../../../src/types/module";
import { randomMessageBytes, type ProtoGenEnv } from "./proto-gen";
import { Draw } from "./values";

/**
 * CheckTx inputs: garbage, protobuf-shaped garbage, correctly signed txs carrying random
 * messages of every registered type (fields from the descriptor set), and such txs with
 * structural mutations (messages, fee, gas, signer infos, signatures, memo, extension options)
 * and byte-level ones (flips, truncation, splices, huge appendices). Half of the structurally
 * mutated txs are signed again, so the mutation reaches past signature verification.
 */
export interface FuzzSigner {
  key: Secp256k1Key;
  accountNumber: bigint;
  sequence: bigint;
}

export interface TxFuzzEnv extends ProtoGenEnv {
  chainId: string;
  denom: string;
  msgDefs: readonly MsgDef[];
  /** Read at generation time, so sequences follow the chain as blocks are made. */
  signers(): FuzzSigner[];
}

export interface TxInput {
  kind: "garbage" | "proto-shaped" | "messages" | "mutated" | "bytes-mutated";
  bytes: Uint8Array;
}

interface TxParts {
  body: TxBody;
  authInfo: AuthInfo;
  signatures: Uint8Array[];
  signers: FuzzSigner[];
}

/** The first element, for mutations that change it; throws (the mutation is skipped) on an empty list. */
function first<T>(list: T[]): T {
  if (list.length === 0) throw new Error("nothing to mutate");
  return list[0];
}

function randomAny(d: Draw, env: TxFuzzEnv, def: MsgDef, signer: FuzzSigner): AnyMsg {
  const desc = protoRegistry().getMessage(def.typeUrl.slice(1));
  const overrides: Record<string, string> = def.signerField && d.nat(6) > 0 ? { [def.signerField]: signer.key.address } : {};
  const value = desc ? randomMessageBytes(d, desc, env, 3, overrides) : d.bytes(200);
  return { typeUrl: def.typeUrl, value };
}

/** The keys a tx's messages name as signers, where we hold them; else the chosen signer. */
function signersOf(env: TxFuzzEnv, msgs: AnyMsg[], fallback: FuzzSigner): FuzzSigner[] {
  const all = env.signers();
  const out: FuzzSigner[] = [];
  for (const m of msgs) {
    const def = env.msgDefs.find((d) => d.typeUrl === m.typeUrl);
    let names: string[] = [];
    try {
      names = def ? def.signers(def.codec.decode(m.value)) : [];
    } catch {
      names = [];
    }
    for (const name of names) {
      const s = all.find((x) => x.key.address === name);
      if (s && !out.includes(s)) out.push(s);
    }
  }
  return out.length > 0 ? out : [fallback];
}

function sign(parts: TxParts, chainId: string): Uint8Array {
  const bodyBytes = TxBody.encode(parts.body).finish();
  const authInfoBytes = AuthInfo.encode(parts.authInfo).finish();
  const signatures = parts.signers.map((s) =>
    s.key.sign(SignDoc.encode({ bodyBytes, authInfoBytes, chainId, accountNumber: s.accountNumber }).finish()),
  );
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures }).finish();
}

/** A well-formed tx, signed in SIGN_MODE_DIRECT, with 1–3 random messages of random types. */
function messageTx(d: Draw, env: TxFuzzEnv): TxParts {
  const signer = d.pick(env.signers());
  const msgs = Array.from({ length: 1 + d.nat(2) }, () => randomAny(d, env, d.pick(env.msgDefs), signer));
  const signers = signersOf(env, msgs, signer);
  const body = TxBody.fromPartial({ messages: msgs, memo: d.bool() ? "" : d.string() });
  const authInfo = AuthInfo.fromPartial({
    signerInfos: signers.map((s) => ({
      publicKey: packPubKey(s.key.pubKey),
      modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } },
      sequence: s.sequence,
    })),
    fee: { amount: [{ denom: env.denom, amount: "5000" }], gasLimit: 400_000n, payer: "", granter: "" },
  });
  return { body, authInfo, signatures: [], signers };
}

const STRUCTURAL_MUTATIONS: Array<(d: Draw, env: TxFuzzEnv, p: TxParts) => void> = [
  (_d, _env, p) => p.body.messages.push(first(p.body.messages)),
  (_d, _env, p) => (p.body.messages = []),
  (d, env, p) => (p.body.messages[0] = { ...first(p.body.messages), typeUrl: d.bool() ? d.pick(env.msgDefs).typeUrl : d.string() }),
  (d, _env, p) => {
    const m = first(p.body.messages);
    const value = Uint8Array.from(m.value);
    if (value.length > 0) value[d.nat(value.length - 1)] ^= 1 << d.nat(7);
    p.body.messages[0] = { ...m, value: d.bool() ? value : value.subarray(0, d.nat(value.length)) };
  },
  (d, _env, p) => (p.body.memo = d.nat(20) === 0 ? "m".repeat(300_000) : d.string()),
  (d, _env, p) => (p.body.timeoutHeight = d.bigint()),
  (d, env, p) =>
    p.body[d.bool() ? "extensionOptions" : "nonCriticalExtensionOptions"].push({ typeUrl: d.pick(env.anyTypes), value: d.bytes(20) }),
  (d, env, p) =>
    (p.authInfo.fee!.amount = Array.from({ length: d.nat(3) }, () => ({ denom: d.bool() ? env.denom : d.string(), amount: d.string() }))),
  (d, _env, p) => (p.authInfo.fee!.gasLimit = d.bigint()),
  (d, env, p) => (p.authInfo.fee!.payer = d.bool() ? d.pick(env.strings) : d.string()),
  (d, env, p) => (p.authInfo.fee!.granter = d.bool() ? d.pick(env.strings) : d.string()),
  (_d, _env, p) => (p.authInfo.fee = undefined),
  (d, _env, p) => (d.bool() ? p.authInfo.signerInfos.pop() : p.authInfo.signerInfos.push(first(p.authInfo.signerInfos))),
  (d, _env, p) => (first(p.authInfo.signerInfos).sequence = d.bigint()),
  (d, env, p) =>
    (first(p.authInfo.signerInfos).publicKey = d.bool()
      ? undefined
      : { typeUrl: d.bool() ? "/cosmos.crypto.secp256k1.PubKey" : d.pick(env.anyTypes), value: d.bytes(40) }),
  (d, _env, p) =>
    (first(p.authInfo.signerInfos).modeInfo = d.bool()
      ? { single: { mode: d.int(-1, 200) } }
      : d.bool()
        ? { multi: { bitarray: { extraBitsStored: 1, elems: new Uint8Array([1]) }, modeInfos: [] } }
        : undefined),
  (d, env, p) => (p.authInfo.tip = { amount: [{ denom: env.denom, amount: d.string() }], tipper: d.pick(env.strings) } as never),
];

/** A signed message tx with 1–3 structural mutations; re-signed half of the time. */
function mutatedTx(d: Draw, env: TxFuzzEnv): Uint8Array {
  const parts = messageTx(d, env);
  const n = 1 + d.nat(2);
  for (let i = 0; i < n; i++) {
    try {
      d.pick(STRUCTURAL_MUTATIONS)(d, env, parts);
    } catch {
      // A mutation that no longer applies (no message left to change): the others still count.
    }
  }
  if (d.bool()) return sign(parts, env.chainId);
  const signed = TxRaw.decode(sign({ ...parts, body: messageTx(d, env).body }, env.chainId));
  const signatures = d.nat(3) === 0 ? Array.from({ length: d.nat(3) }, () => d.bytes(70)) : signed.signatures;
  return TxRaw.encode({
    bodyBytes: TxBody.encode(parts.body).finish(),
    authInfoBytes: AuthInfo.encode(parts.authInfo).finish(),
    signatures,
  }).finish();
}

const concat = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts));

/** Byte-level damage to an encoded tx: flips, truncation, an inserted or repeated slice, a huge tail. */
export function mutateBytes(d: Draw, bytes: Uint8Array): Uint8Array {
  let out: Uint8Array = Uint8Array.from(bytes);
  const n = 1 + d.nat(3);
  for (let i = 0; i < n && out.length > 0; i++) {
    const at = d.nat(out.length - 1);
    switch (d.nat(5)) {
      case 0:
        out[at] ^= 1 << d.nat(7);
        break;
      case 1:
        out[at] = d.nat(255);
        break;
      case 2:
        out = out.subarray(0, at);
        break;
      case 3:
        out = concat(out.subarray(0, at), d.bytes(16), out.subarray(at));
        break;
      case 4: {
        const end = at + d.nat(out.length - at);
        out = concat(out.subarray(0, end), out.subarray(at, end), out.subarray(end));
        break;
      }
      default:
        // Over the 1 MiB CheckTx limit now and then, else a tail of repeated bytes.
        out = concat(out, new Uint8Array(d.nat(50) === 0 ? 1024 * 1024 : d.nat(4000)).fill(d.nat(255)));
    }
  }
  return out;
}

/** TxRaw framing around random body/auth-info bytes, so decoding gets one layer deeper than garbage. */
function protoShaped(d: Draw): Uint8Array {
  const chunk = () => d.bytes(120);
  return TxRaw.encode({
    bodyBytes: chunk(),
    authInfoBytes: chunk(),
    signatures: Array.from({ length: d.nat(2) }, () => d.bytes(64)),
  }).finish();
}

export function genTxInput(d: Draw, env: TxFuzzEnv): TxInput {
  const r = d.nat(99);
  if (r < 10) return { kind: "garbage", bytes: d.bytes(600) };
  if (r < 20) return { kind: "proto-shaped", bytes: protoShaped(d) };
  if (r < 45) return { kind: "messages", bytes: sign(messageTx(d, env), env.chainId) };
  if (r < 80) return { kind: "mutated", bytes: mutatedTx(d, env) };
  return { kind: "bytes-mutated", bytes: mutateBytes(d, sign(messageTx(d, env), env.chainId)) };
}
