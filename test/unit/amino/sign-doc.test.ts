import { describe, expect, it } from "vitest";
import { makeSignDoc, serializeSignDoc, type AminoMsg, type StdFee } from "@cosmjs/amino";
import { AminoTypes, createDefaultAminoConverters } from "@cosmjs/stargate";
import { MsgMultiSend, MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgCreateValidator, MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgSubmitProposal, MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import { VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { MsgGrant } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { MsgRegisterBuilder } from "../../../src/gen/blockchain/builderfee/v1/tx";
import { buildModules } from "../../../src/app/modules";
import { aminoMsgJson, aminoNameOf, canonicalJson } from "../../../src/codec/amino";
import { makeStdSignDoc, stdSignDocBytes } from "../../../src/client/amino";
import type { TxOptions } from "../../../src/client/tx-builder";
import type { AnyMsg } from "../../../src/types/codec";
import { AppError } from "../../../src/types/errors";

const aminoTypes = new AminoTypes(createDefaultAminoConverters());
const ALICE = "yml1cdzl3afyp2gwptrlu0ycd6rp3vqeexy2vmlw0j";
const BOB = "yml1v9xd3e9n5c6grqp6vn0eufqg8l9jv4nytvfcm8";
const VALOPER = "ymlvaloper1cdzl3afyp2gwptrlu0ycd6rp3vqeexy2rfgyls";

function pack<M>(typeUrl: string, codec: { encode(m: M): { finish(): Uint8Array } }, msg: M): AnyMsg {
  return { typeUrl, value: codec.encode(msg).finish() };
}

/** Our sign bytes and cosmjs's serializeSignDoc(makeSignDoc(...)) for the same tx. */
function both(msg: AnyMsg, cosmjsMsg: AminoMsg, opts: Partial<TxOptions> = {}) {
  const full: TxOptions = { chainId: "test-chain", fee: [{ denom: "uyml", amount: "5000" }], gasLimit: 250_000n, memo: "", ...opts };
  const fee: StdFee = {
    amount: full.fee!,
    gas: full.gasLimit!.toString(),
    ...(full.feeGranter ? { granter: full.feeGranter } : {}),
    ...(full.feePayer ? { payer: full.feePayer } : {}),
  };
  const theirs = serializeSignDoc(makeSignDoc([cosmjsMsg], fee, full.chainId, full.memo, 7, 3, full.timeoutHeight));
  const ours = stdSignDocBytes([msg], full, 7n, 3n);
  return { ours: new TextDecoder().decode(ours), theirs: new TextDecoder().decode(theirs) };
}

function expectNotSupported(fn: () => unknown, pattern: RegExp): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).codespace).toBe("sdk");
    expect((e as AppError).code).toBe(37);
    expect((e as AppError).message).toMatch(pattern);
    return;
  }
  throw new Error("expected an ErrNotSupported");
}

describe("StdSignDoc bytes equal @cosmjs/amino's for the messages cosmjs converts", () => {
  it("MsgSend, with escaped characters, timeout height, fee payer and granter", () => {
    const value = MsgSend.fromPartial({
      fromAddress: ALICE,
      toAddress: BOB,
      amount: [
        { denom: "uyml", amount: "1234" },
        { denom: "uzz", amount: "1" },
      ],
    });
    const msg = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, value);
    const { ours, theirs } = both(msg, aminoTypes.toAmino({ typeUrl: msg.typeUrl, value }), {
      memo: 'pay <alice> & "bob" \u00e9\u4e2d',
      timeoutHeight: 99n,
      feePayer: BOB,
      feeGranter: ALICE,
    });
    expect(ours).toBe(theirs);
    expect(ours).toContain("\\u003calice\\u003e \\u0026");
    expect(ours).toContain('"timeout_height":"99"');
  });

  it("MsgSend with no timeout height and an empty fee omits timeout_height and keeps amount: []", () => {
    const value = MsgSend.fromPartial({ fromAddress: ALICE, toAddress: BOB, amount: [{ denom: "uyml", amount: "1" }] });
    const msg = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, value);
    const { ours, theirs } = both(msg, aminoTypes.toAmino({ typeUrl: msg.typeUrl, value }), { fee: [] });
    expect(ours).toBe(theirs);
    expect(ours).toContain('"fee":{"amount":[],"gas":"250000"}');
    expect(ours).not.toContain("timeout_height");
  });

  it("MsgMultiSend", () => {
    const value = MsgMultiSend.fromPartial({
      inputs: [{ address: ALICE, coins: [{ denom: "uyml", amount: "30" }] }],
      outputs: [
        { address: BOB, coins: [{ denom: "uyml", amount: "10" }] },
        { address: ALICE, coins: [{ denom: "uyml", amount: "20" }] },
      ],
    });
    const msg = pack("/cosmos.bank.v1beta1.MsgMultiSend", MsgMultiSend, value);
    const { ours, theirs } = both(msg, aminoTypes.toAmino({ typeUrl: msg.typeUrl, value }));
    expect(ours).toBe(theirs);
  });

  it("MsgDelegate", () => {
    const value = MsgDelegate.fromPartial({
      delegatorAddress: ALICE,
      validatorAddress: VALOPER,
      amount: { denom: "uyml", amount: "1000000" },
    });
    const msg = pack("/cosmos.staking.v1beta1.MsgDelegate", MsgDelegate, value);
    const { ours, theirs } = both(msg, aminoTypes.toAmino({ typeUrl: msg.typeUrl, value }));
    expect(ours).toBe(theirs);
  });

  it("MsgCreateValidator: Dec commission rates and the ed25519 key in amino form", () => {
    const pubkey = { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: Ed25519PubKey.encode({ key: new Uint8Array(32).fill(7) }).finish() };
    const value = MsgCreateValidator.fromPartial({
      description: { moniker: "m", identity: "i", website: "w", securityContact: "s", details: "d" },
      commission: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" },
      minSelfDelegation: "1",
      delegatorAddress: ALICE,
      validatorAddress: VALOPER,
      pubkey,
      value: { denom: "uyml", amount: "5" },
    });
    const msg = pack("/cosmos.staking.v1beta1.MsgCreateValidator", MsgCreateValidator, value);
    const { ours, theirs } = both(msg, aminoTypes.toAmino({ typeUrl: msg.typeUrl, value }));
    expect(ours).toBe(theirs);
    expect(ours).toContain('"rate":"0.100000000000000000"');
    expect(ours).toContain('"pubkey":{"type":"tendermint/PubKeyEd25519","value":"BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc="}');
  });
});

describe("amino JSON of messages cosmjs has no converter for", () => {
  // cosmjs converts only gov v1beta1; this is the SDK v0.50 amino form of gov v1 MsgVote, as a wallet would write it.
  const govV1Vote = {
    aminoType: "cosmos-sdk/v1/MsgVote",
    toAmino: (m: MsgVote) => ({
      proposal_id: m.proposalId.toString(),
      voter: m.voter,
      ...(m.option !== 0 ? { option: m.option } : {}),
      ...(m.metadata !== "" ? { metadata: m.metadata } : {}),
    }),
    fromAmino: () => {
      throw new Error("not used");
    },
  };

  it("gov v1 MsgVote: proposal_id always present, enum as a number, empty metadata omitted", () => {
    const types = new AminoTypes({ "/cosmos.gov.v1.MsgVote": govV1Vote });
    for (const value of [
      MsgVote.fromPartial({ proposalId: 12n, voter: ALICE, option: VoteOption.VOTE_OPTION_NO_WITH_VETO }),
      MsgVote.fromPartial({ proposalId: 0n, voter: ALICE, option: VoteOption.VOTE_OPTION_YES, metadata: "ipfs://x" }),
    ]) {
      const msg = pack("/cosmos.gov.v1.MsgVote", MsgVote, value);
      const { ours, theirs } = both(msg, types.toAmino({ typeUrl: msg.typeUrl, value }));
      expect(ours).toBe(theirs);
    }
    const zero = aminoMsgJson(pack("/cosmos.gov.v1.MsgVote", MsgVote, MsgVote.fromPartial({ voter: ALICE })), "cosmos-sdk/v1/MsgVote");
    expect(zero).toEqual({ type: "cosmos-sdk/v1/MsgVote", value: { proposal_id: "0", voter: ALICE } });
  });

  it("gov v1 MsgSubmitProposal: nested messages as {type, value}, initial_deposit [] when empty, bool omitted when false", () => {
    const inner = pack(
      "/cosmos.bank.v1beta1.MsgSend",
      MsgSend,
      MsgSend.fromPartial({ fromAddress: ALICE, toAddress: BOB, amount: [{ denom: "uyml", amount: "1" }] }),
    );
    const msg = pack(
      "/cosmos.gov.v1.MsgSubmitProposal",
      MsgSubmitProposal,
      MsgSubmitProposal.fromPartial({ messages: [inner], proposer: ALICE, title: "t", summary: "s" }),
    );
    expect(aminoMsgJson(msg, "cosmos-sdk/v1/MsgSubmitProposal")).toEqual({
      type: "cosmos-sdk/v1/MsgSubmitProposal",
      value: {
        messages: [
          { type: "cosmos-sdk/MsgSend", value: { from_address: ALICE, to_address: BOB, amount: [{ denom: "uyml", amount: "1" }] } },
        ],
        initial_deposit: [],
        proposer: ALICE,
        title: "t",
        summary: "s",
      },
    });
  });

  it("ibc MsgTransfer: timeout_height {} when zero (x/tx ignores ibc-go's jsontags), memo, token always present", () => {
    for (const value of [
      MsgTransfer.fromPartial({
        sourcePort: "transfer",
        sourceChannel: "channel-0",
        token: { denom: "uyml", amount: "5" },
        sender: ALICE,
        receiver: "cosmos1xyz",
        timeoutTimestamp: 1_764_300_000_000_000_000n,
        memo: "to the hub",
      }),
      MsgTransfer.fromPartial({
        sourcePort: "transfer",
        sourceChannel: "channel-7",
        token: { denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2", amount: "1" },
        sender: ALICE,
        receiver: "cosmos1xyz",
        timeoutHeight: { revisionNumber: 0n, revisionHeight: 900n },
      }),
    ]) {
      const msg = pack("/ibc.applications.transfer.v1.MsgTransfer", MsgTransfer, value);
      const { ours, theirs } = both(msg, aminoTypes.toAmino({ typeUrl: msg.typeUrl, value }));
      expect(ours).toBe(theirs);
    }
    const zero = aminoMsgJson(
      pack("/ibc.applications.transfer.v1.MsgTransfer", MsgTransfer, MsgTransfer.fromPartial({ sender: ALICE })),
      "cosmos-sdk/MsgTransfer",
    );
    expect(zero).toEqual({
      type: "cosmos-sdk/MsgTransfer",
      value: { sender: ALICE, timeout_height: {}, token: { amount: "0" } },
    });
  });

  it("authz MsgGrant: timestamps in RFC 3339, nested authorization by amino name", () => {
    const authorization = {
      typeUrl: "/cosmos.authz.v1beta1.GenericAuthorization",
      value: GenericAuthorization.encode({ msg: "/cosmos.bank.v1beta1.MsgSend" }).finish(),
    };
    const msg = pack(
      "/cosmos.authz.v1beta1.MsgGrant",
      MsgGrant,
      MsgGrant.fromPartial({
        granter: ALICE,
        grantee: BOB,
        grant: { authorization, expiration: { seconds: 1_800_000_000n, nanos: 500_000_000 } },
      }),
    );
    expect(canonicalJson(aminoMsgJson(msg, "cosmos-sdk/MsgGrant"))).toBe(
      `{"type":"cosmos-sdk/MsgGrant","value":{"grant":{"authorization":{"type":"cosmos-sdk/GenericAuthorization","value":{"msg":"/cosmos.bank.v1beta1.MsgSend"}},"expiration":"2027-01-15T08:00:00.5Z"},"grantee":"${BOB}","granter":"${ALICE}"}}`,
    );
  });

  it("makeStdSignDoc is the object form of the signed bytes", () => {
    const msg = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, MsgSend.fromPartial({ fromAddress: ALICE, toAddress: BOB, amount: [] }));
    const opts: TxOptions = { chainId: "c", fee: [], gasLimit: 1n };
    expect(canonicalJson(makeStdSignDoc([msg], opts, 1n, 2n))).toBe(new TextDecoder().decode(stdSignDocBytes([msg], opts, 1n, 2n)));
    expect(makeStdSignDoc([msg], opts, 1n, 2n).msgs).toEqual([
      { type: "cosmos-sdk/MsgSend", value: { from_address: ALICE, to_address: BOB, amount: [] } },
    ]);
  });
});

describe("what amino JSON cannot show the signer is refused", () => {
  it("fields the schema does not know, duplicated fields and non-canonical encodings", () => {
    const send = MsgSend.encode(
      MsgSend.fromPartial({ fromAddress: ALICE, toAddress: BOB, amount: [{ denom: "uyml", amount: "1" }] }),
    ).finish();
    const unknownField = new Uint8Array([...send, 0x48, 0x01]); // field 9, varint 1
    const duplicated = new Uint8Array([...send, 0x12, 0x01, 0x78]); // to_address again: "x"
    const explicitZero = new Uint8Array([0x0a, 0x00, ...send]); // from_address "" written out
    for (const value of [unknownField, duplicated, explicitZero]) {
      expectNotSupported(() => aminoMsgJson({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value }, "cosmos-sdk/MsgSend"), /canonical/);
    }
  });
});

describe("messages without an amino name", () => {
  it("are shown under their type URL, as the SDK's x/tx aminojson encoder falls back", () => {
    const msg = pack("/blockchain.builderfee.v1.MsgRegisterBuilder", MsgRegisterBuilder, {
      creator: ALICE,
      msgTypeUrl: "/cosmos.bank.v1beta1.MsgSend",
      payoutAddress: ALICE,
    });
    expect(aminoMsgJson(msg, undefined)).toEqual({
      type: "/blockchain.builderfee.v1.MsgRegisterBuilder",
      value: { creator: ALICE, msg_type_url: "/cosmos.bank.v1beta1.MsgSend", payout_address: ALICE },
    });
  });

  it("also when nested in an Any", () => {
    const inner = pack("/blockchain.builderfee.v1.MsgRegisterBuilder", MsgRegisterBuilder, {
      creator: ALICE,
      msgTypeUrl: "/x",
      payoutAddress: ALICE,
    });
    const msg = pack(
      "/cosmos.gov.v1.MsgSubmitProposal",
      MsgSubmitProposal,
      MsgSubmitProposal.fromPartial({ messages: [inner], proposer: ALICE }),
    );
    const json = aminoMsgJson(msg, "cosmos-sdk/v1/MsgSubmitProposal") as { value: { messages: Array<{ type: string }> } };
    expect(json.value.messages[0].type).toBe("/blockchain.builderfee.v1.MsgRegisterBuilder");
  });
});

describe("hostile nesting", () => {
  it("refuses messages nested deeper than 32 Anys", () => {
    let msg = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, MsgSend.fromPartial({ fromAddress: ALICE, toAddress: BOB, amount: [] }));
    for (let i = 0; i < 40; i++)
      msg = pack(
        "/cosmos.gov.v1.MsgSubmitProposal",
        MsgSubmitProposal,
        MsgSubmitProposal.fromPartial({ messages: [msg], proposer: ALICE }),
      );
    expectNotSupported(() => aminoMsgJson(msg, "cosmos-sdk/v1/MsgSubmitProposal"), /nested deeper than 32/);
  });
});

describe("amino names", () => {
  it("the names nested messages resolve to agree with every registered MsgDef", () => {
    const mismatches: string[] = [];
    for (const module of buildModules().modules) {
      for (const def of module.msgs ?? []) {
        if (aminoNameOf(def.typeUrl) !== def.aminoName) mismatches.push(`${def.typeUrl}: ${def.aminoName} vs ${aminoNameOf(def.typeUrl)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe("a message type without an amino name signs under its type URL (x/tx aminojson)", () => {
  it("at top level and nested in an Any", () => {
    const inner = pack("/blockchain.builderfee.v1.MsgRegisterBuilder", MsgRegisterBuilder, {
      creator: ALICE,
      msgTypeUrl: "/x",
      payoutAddress: ALICE,
    });
    const value = { creator: ALICE, msg_type_url: "/x", payout_address: ALICE };
    expect(aminoMsgJson(inner, undefined)).toEqual({ type: "/blockchain.builderfee.v1.MsgRegisterBuilder", value });
    const msg = pack(
      "/cosmos.gov.v1.MsgSubmitProposal",
      MsgSubmitProposal,
      MsgSubmitProposal.fromPartial({ messages: [inner], proposer: ALICE }),
    );
    expect((aminoMsgJson(msg, "cosmos-sdk/v1/MsgSubmitProposal").value as { messages: unknown[] }).messages).toEqual([
      { type: "/blockchain.builderfee.v1.MsgRegisterBuilder", value },
    ]);
  });
});
