import fc from "fast-check";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { protoRegistry } from "../../../src/codec/proto-json";
import { packPubKey } from "../../../src/client/tx-builder";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { AnyMsg } from "../../../src/types/codec";
import type { MsgDef } from "../../../src/types/module";
import { randomMessageBytes, type ProtoGenEnv } from "./proto-gen";
import { fuzzBigIntOnce, fuzzStringOnce } from "./values";

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

type Gen = fc.GeneratorValue;

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

function pick<T>(g: Gen, values: readonly T[]): T {
  return values[g(fc.nat, { max: values.length - 1 })];
}

function randomAny(g: Gen, env: TxFuzzEnv, def: MsgDef, signer: FuzzSigner): AnyMsg {
  const desc = protoRegistry().getMessage(def.typeUrl.slice(1));
  const overrides: Record<string, string> = def.signerField && g(fc.nat, { max: 6 }) > 0 ? { [def.signerField]: signer.key.address } : {};
  const value = desc ? randomMessageBytes(g, desc, env, 3, overrides) : g(fc.uint8Array, { maxLength: 200 });
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
  const signatures = parts.signers.map((s) => s.key.sign(SignDoc.encode({ bodyBytes, authInfoBytes, chainId, accountNumber: s.accountNumber }).finish()));
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures }).finish();
}

/** A well-formed tx, signed in SIGN_MODE_DIRECT, with 1–3 random messages of random types. */
function messageTx(g: Gen, env: TxFuzzEnv): TxParts {
  const signer = pick(g, env.signers());
  const msgs = Array.from({ length: 1 + g(fc.nat, { max: 2 }) }, () => randomAny(g, env, pick(g, env.msgDefs), signer));
  const signers = signersOf(env, msgs, signer);
  const body = TxBody.fromPartial({ messages: msgs, memo: g(fc.boolean) ? "" : g(fuzzStringOnce) });
  const authInfo = AuthInfo.fromPartial({
    signerInfos: signers.map((s) => ({ publicKey: packPubKey(s.key.pubKey), modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence: s.sequence })),
    fee: { amount: [{ denom: env.denom, amount: "5000" }], gasLimit: 400_000n, payer: "", granter: "" },
  });
  return { body, authInfo, signatures: [], signers };
}

const STRUCTURAL_MUTATIONS: Array<(g: Gen, env: TxFuzzEnv, p: TxParts) => void> = [
  (_g, _env, p) => p.body.messages.push(first(p.body.messages)),
  (_g, _env, p) => (p.body.messages = []),
  (g, env, p) => (p.body.messages[0] = { ...first(p.body.messages), typeUrl: g(fc.boolean) ? pick(g, env.msgDefs).typeUrl : g(fuzzStringOnce) }),
  (g, _env, p) => {
    const m = first(p.body.messages);
    const value = Uint8Array.from(m.value);
    if (value.length > 0) value[g(fc.nat, { max: value.length - 1 })] ^= 1 << g(fc.nat, { max: 7 });
    p.body.messages[0] = { ...m, value: g(fc.boolean) ? value : value.subarray(0, g(fc.nat, { max: value.length })) };
  },
  (g, _env, p) => (p.body.memo = g(fc.nat, { max: 20 }) === 0 ? "m".repeat(300_000) : g(fuzzStringOnce)),
  (g, _env, p) => (p.body.timeoutHeight = g(fuzzBigIntOnce)),
  (g, env, p) => p.body[g(fc.boolean) ? "extensionOptions" : "nonCriticalExtensionOptions"].push({ typeUrl: pick(g, env.anyTypes), value: g(fc.uint8Array, { maxLength: 20 }) }),
  (g, env, p) => (p.authInfo.fee!.amount = Array.from({ length: g(fc.nat, { max: 3 }) }, () => ({ denom: g(fc.boolean) ? env.denom : g(fuzzStringOnce), amount: g(fuzzStringOnce) }))),
  (g, _env, p) => (p.authInfo.fee!.gasLimit = g(fuzzBigIntOnce)),
  (g, env, p) => (p.authInfo.fee!.payer = g(fc.boolean) ? pick(g, env.strings) : g(fuzzStringOnce)),
  (g, env, p) => (p.authInfo.fee!.granter = g(fc.boolean) ? pick(g, env.strings) : g(fuzzStringOnce)),
  (_g, _env, p) => (p.authInfo.fee = undefined),
  (g, _env, p) => (g(fc.boolean) ? p.authInfo.signerInfos.pop() : p.authInfo.signerInfos.push(first(p.authInfo.signerInfos))),
  (g, _env, p) => (first(p.authInfo.signerInfos).sequence = g(fuzzBigIntOnce)),
  (g, env, p) => (first(p.authInfo.signerInfos).publicKey = g(fc.boolean) ? undefined : { typeUrl: g(fc.boolean) ? "/cosmos.crypto.secp256k1.PubKey" : pick(g, env.anyTypes), value: g(fc.uint8Array, { maxLength: 40 }) }),
  (g, _env, p) => (first(p.authInfo.signerInfos).modeInfo = g(fc.boolean) ? { single: { mode: g(fc.integer, { min: -1, max: 200 }) } } : g(fc.boolean) ? { multi: { bitarray: { extraBitsStored: 1, elems: new Uint8Array([1]) }, modeInfos: [] } } : undefined),
  (g, env, p) => (p.authInfo.tip = { amount: [{ denom: env.denom, amount: g(fuzzStringOnce) }], tipper: pick(g, env.strings) } as never),
];

/** A signed message tx with 1–3 structural mutations; re-signed half of the time. */
function mutatedTx(g: Gen, env: TxFuzzEnv): Uint8Array {
  const parts = messageTx(g, env);
  const n = 1 + g(fc.nat, { max: 2 });
  for (let i = 0; i < n; i++) {
    try {
      pick(g, STRUCTURAL_MUTATIONS)(g, env, parts);
    } catch {
      // A mutation that no longer applies (no message left to change): the others still count.
    }
  }
  if (g(fc.boolean)) return sign(parts, env.chainId);
  const signed = TxRaw.decode(sign({ ...parts, body: messageTx(g, env).body }, env.chainId));
  const signatures = g(fc.nat, { max: 3 }) === 0 ? g(fc.array, fc.uint8Array({ maxLength: 70 }), { maxLength: 3 }) : signed.signatures;
  return TxRaw.encode({ bodyBytes: TxBody.encode(parts.body).finish(), authInfoBytes: AuthInfo.encode(parts.authInfo).finish(), signatures }).finish();
}

const concat = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts));

/** Byte-level damage to an encoded tx: flips, truncation, an inserted or repeated slice, a huge tail. */
export function mutateBytes(g: Gen, bytes: Uint8Array): Uint8Array {
  let out: Uint8Array = Uint8Array.from(bytes);
  const n = 1 + g(fc.nat, { max: 3 });
  for (let i = 0; i < n && out.length > 0; i++) {
    const at = g(fc.nat, { max: out.length - 1 });
    switch (g(fc.nat, { max: 5 })) {
      case 0:
        out[at] ^= 1 << g(fc.nat, { max: 7 });
        break;
      case 1:
        out[at] = g(fc.nat, { max: 255 });
        break;
      case 2:
        out = out.subarray(0, at);
        break;
      case 3:
        out = concat(out.subarray(0, at), g(fc.uint8Array, { maxLength: 16 }), out.subarray(at));
        break;
      case 4: {
        const end = at + g(fc.nat, { max: out.length - at });
        out = concat(out.subarray(0, end), out.subarray(at, end), out.subarray(end));
        break;
      }
      default:
        // Over the 1 MiB CheckTx limit now and then, else a tail of repeated bytes.
        out = concat(out, new Uint8Array(g(fc.nat, { max: 50 }) === 0 ? 1024 * 1024 : g(fc.nat, { max: 4000 })).fill(g(fc.nat, { max: 255 })));
    }
  }
  return out;
}

/** TxRaw framing around random body/auth-info bytes, so decoding gets one layer deeper than garbage. */
function protoShaped(g: Gen): Uint8Array {
  const chunk = () => g(fc.uint8Array, { maxLength: 120 });
  return TxRaw.encode({ bodyBytes: chunk(), authInfoBytes: chunk(), signatures: g(fc.array, fc.uint8Array({ maxLength: 64 }), { maxLength: 2 }) }).finish();
}

export function genTxInput(g: Gen, env: TxFuzzEnv): TxInput {
  const r = g(fc.nat, { max: 99 });
  if (r < 10) return { kind: "garbage", bytes: g(fc.uint8Array, { maxLength: 600 }) };
  if (r < 20) return { kind: "proto-shaped", bytes: protoShaped(g) };
  if (r < 45) return { kind: "messages", bytes: sign(messageTx(g, env), env.chainId) };
  if (r < 80) return { kind: "mutated", bytes: mutatedTx(g, env) };
  return { kind: "bytes-mutated", bytes: mutateBytes(g, sign(messageTx(g, env), env.chainId)) };
}
