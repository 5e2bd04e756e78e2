import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Secp256k1HdWallet } from "@cosmjs/amino";
import { Bip39 } from "@cosmjs/crypto";
import { SigningStargateClient } from "@cosmjs/stargate";
import { MsgMultiSend, MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgRegisterBuilder } from "../../../src/gen/blockchain/builderfee/v1/tx";
import { MsgApplyParticipant } from "../../../src/gen/blockchain/paymsg/v1/tx";
import { makeStdSignDoc, signAminoTx, stdSignDocBytes, SIGN_MODE_LEGACY_AMINO_JSON } from "../../../src/client/amino";
import { buildAuthInfoBytes, buildBodyBytes, packPubKey, type TxOptions } from "../../../src/client/tx-builder";
import type { Secp256k1Key } from "../../../src/client/signer";
import { accAddress, valAddress } from "../../../src/types/address";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID, DENOM, TestChain, pack, testKey } from "../../helpers/chain";

const FEE = [{ denom: DENOM, amount: "5000" }];

describe("SIGN_MODE_LEGACY_AMINO_JSON through the tx pipeline", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");

  beforeAll(async () => {
    chain = await TestChain.create();
  });
  afterAll(async () => chain.close());

  function opts(extra: Partial<TxOptions> = {}): TxOptions {
    return { chainId: CHAIN_ID, fee: FEE, gasLimit: 400_000n, ...extra };
  }

  function signerData(key: Secp256k1Key) {
    const account = chain.account(key.address)!;
    return { key, accountNumber: account.accountNumber, sequence: account.sequence };
  }

  function send(from: Secp256k1Key, to: string, amount: string): AnyMsg {
    return pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: from.address, toAddress: to, amount: [{ denom: DENOM, amount }] });
  }

  it("accepts an amino-signed MsgSend, moves funds, stores the pubkey and increments the sequence", async () => {
    const before = { alice: chain.balance(alice.address), bob: chain.balance(bob.address) };
    expect(chain.account(alice.address)?.pubKey).toBeUndefined();
    const tx = signAminoTx(
      [send(alice, bob.address, "777")],
      [signerData(alice)],
      opts({ memo: "rent <march> & more", timeoutHeight: 1000n }),
    );
    expect(AuthInfo.decode(TxRaw.decode(tx).authInfoBytes).signerInfos[0].modeInfo?.single?.mode).toBe(
      SignMode.SIGN_MODE_LEGACY_AMINO_JSON,
    );

    const res = await chain.deliverRaw(tx);
    expect(res.log).toBe("");
    expect(res.code).toBe(0);
    expect(chain.balance(alice.address)).toBe(before.alice - 777n - 5000n);
    expect(chain.balance(bob.address)).toBe(before.bob + 777n);
    expect(chain.account(alice.address)?.sequence).toBe(1n);
    expect(chain.account(alice.address)?.pubKey).toBeDefined();
  });

  it("refuses a tampered amino-signed tx with sdk 4 and moves nothing", async () => {
    const signed = TxRaw.decode(signAminoTx([send(alice, bob.address, "1")], [signerData(alice)], opts()));
    const body = TxBody.decode(signed.bodyBytes);
    const tampered = TxRaw.encode({
      ...signed,
      bodyBytes: TxBody.encode({ ...body, messages: [send(alice, carol.address, "1")] }).finish(),
    }).finish();
    const before = chain.balance(carol.address);
    const res = await chain.deliverRaw(tampered);
    expect(res.codespace).toBe("sdk");
    expect(res.code).toBe(4);
    expect(res.log).toMatch(/signature verification failed/);
    expect(chain.balance(carol.address)).toBe(before);

    const memoChanged = TxRaw.encode({ ...signed, bodyBytes: TxBody.encode({ ...body, memo: "x" }).finish() }).finish();
    expect((await chain.deliverRaw(memoChanged)).code).toBe(4);
  });

  it("refuses a signature over the wrong chain id, or over DIRECT bytes labelled amino, with sdk 4", async () => {
    const msgs = [send(alice, bob.address, "1")];
    const otherChain = signAminoTx(msgs, [signerData(alice)], opts({ chainId: "other-chain" }));
    const otherChainRaw = TxRaw.decode(otherChain);
    // Same body and auth info as a correct tx, but signed for "other-chain".
    const retargeted = TxRaw.encode({
      ...TxRaw.decode(signAminoTx(msgs, [signerData(alice)], opts())),
      signatures: otherChainRaw.signatures,
    }).finish();
    expect((await chain.deliverRaw(retargeted)).code).toBe(4);

    const { accountNumber } = signerData(alice);
    const bodyBytes = buildBodyBytes(msgs, {});
    const authInfoBytes = buildAuthInfoBytes(
      [{ pubKey: alice.pubKey, sequence: signerData(alice).sequence }],
      opts(),
      SIGN_MODE_LEGACY_AMINO_JSON,
    );
    const directSig = alice.sign(SignDoc.encode({ bodyBytes, authInfoBytes, chainId: CHAIN_ID, accountNumber }).finish());
    const mislabelled = await chain.deliverRaw(TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [directSig] }).finish());
    expect(mislabelled.codespace).toBe("sdk");
    expect(mislabelled.code).toBe(4);
  });

  it("verifies each signer in its own mode: one amino, one DIRECT", async () => {
    const msgs = [send(alice, carol.address, "11"), send(bob, carol.address, "22")];
    const [a, b] = [signerData(alice), signerData(bob)];
    const txOpts = opts();
    const bodyBytes = buildBodyBytes(msgs, txOpts);
    const authInfoBytes = AuthInfo.encode(
      AuthInfo.fromPartial({
        signerInfos: [
          {
            publicKey: packPubKey(alice.pubKey),
            modeInfo: { single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } },
            sequence: a.sequence,
          },
          { publicKey: packPubKey(bob.pubKey), modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence: b.sequence },
        ],
        fee: { amount: FEE, gasLimit: txOpts.gasLimit },
      }),
    ).finish();
    const signatures = [
      alice.sign(stdSignDocBytes(msgs, txOpts, a.accountNumber, a.sequence)),
      bob.sign(SignDoc.encode({ bodyBytes, authInfoBytes, chainId: CHAIN_ID, accountNumber: b.accountNumber }).finish()),
    ];
    const before = chain.balance(carol.address);
    const res = await chain.deliverRaw(TxRaw.encode({ bodyBytes, authInfoBytes, signatures }).finish());
    expect(res.log).toBe("");
    expect(res.code).toBe(0);
    expect(chain.balance(carol.address)).toBe(before + 33n);
  });

  it("signs messages without an amino name under their type URL, as the SDK's x/tx (builderfee, paymsg)", async () => {
    const register = pack("/blockchain.builderfee.v1.MsgRegisterBuilder", MsgRegisterBuilder, {
      creator: carol.address,
      msgTypeUrl: "/cosmos.bank.v1beta1.MsgSend",
      payoutAddress: carol.address,
    });
    const apply = pack("/blockchain.paymsg.v1.MsgApplyParticipant", MsgApplyParticipant, {
      creator: carol.address,
      code: "CAROL",
      name: "Carol Bank",
    });
    const c = signerData(carol);
    const doc = makeStdSignDoc([register, apply], opts(), c.accountNumber, c.sequence);
    expect((doc.msgs as Array<{ type: string }>).map((m) => m.type)).toEqual([
      "/blockchain.builderfee.v1.MsgRegisterBuilder",
      "/blockchain.paymsg.v1.MsgApplyParticipant",
    ]);

    // Another amino type in the signed document is another document: the signature fails.
    const wrongName = await chain.deliverRaw(signAminoTx([register], [c], opts(), () => "made-up/MsgRegisterBuilder"));
    expect({ codespace: wrongName.codespace, code: wrongName.code }).toEqual({ codespace: "sdk", code: 4 });

    const res = await chain.deliverRaw(signAminoTx([register, apply], [signerData(carol)], opts()));
    expect(res.log).toBe("");
    expect(res.code).toBe(0);
    expect(res.events.some((e) => e.type === "builderfee_builder_registered")).toBe(true);
    expect(res.events.some((e) => e.type === "paymsg_participant_applied")).toBe(true);
  });

  it("refuses amino signing of a tx with non-critical extension options (sdk 37)", async () => {
    const msgs = [send(carol, bob.address, "1")];
    const c = signerData(carol);
    const bodyBytes = TxBody.encode(
      TxBody.fromPartial({
        messages: msgs,
        nonCriticalExtensionOptions: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: new Uint8Array() }],
      }),
    ).finish();
    const authInfoBytes = buildAuthInfoBytes([{ pubKey: carol.pubKey, sequence: c.sequence }], opts(), SIGN_MODE_LEGACY_AMINO_JSON);
    const signature = carol.sign(stdSignDocBytes(msgs, opts(), c.accountNumber, c.sequence));
    const res = await chain.deliverRaw(TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish());
    expect(res.codespace).toBe("sdk");
    expect(res.code).toBe(37);
    expect(res.log).toMatch(/extension options/);
  });

  it("accepts txs signed offline by cosmjs's SigningStargateClient with an amino wallet", async () => {
    const mnemonic = Bip39.encode(new Uint8Array(32).fill(9)).toString();
    const wallet = await Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix: "yml" });
    const [{ address }] = await wallet.getAccounts();
    await chain.mustDeliver(alice, [send(alice, address, "10000000")]);
    const client = await SigningStargateClient.offline(wallet);
    const fee = { amount: FEE, gas: "300000" };
    const validator = valAddress.encode(accAddress.decode(testKey("validator").address));

    const txs = [
      {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: MsgSend.fromPartial({ fromAddress: address, toAddress: bob.address, amount: [{ denom: DENOM, amount: "1500" }] }),
      },
      {
        typeUrl: "/cosmos.bank.v1beta1.MsgMultiSend",
        value: MsgMultiSend.fromPartial({
          inputs: [{ address, coins: [{ denom: DENOM, amount: "30" }] }],
          outputs: [
            { address: bob.address, coins: [{ denom: DENOM, amount: "10" }] },
            { address: carol.address, coins: [{ denom: DENOM, amount: "20" }] },
          ],
        }),
      },
      {
        typeUrl: "/cosmos.staking.v1beta1.MsgDelegate",
        value: MsgDelegate.fromPartial({
          delegatorAddress: address,
          validatorAddress: validator,
          amount: { denom: DENOM, amount: "1000" },
        }),
      },
    ];
    for (const [i, msg] of txs.entries()) {
      const account = chain.account(address)!;
      expect(account.sequence).toBe(BigInt(i));
      const signed = await client.sign(
        address,
        [msg],
        fee,
        "cosmjs <amino> & ledger",
        {
          accountNumber: account.accountNumber,
          sequence: Number(account.sequence),
          chainId: CHAIN_ID,
        },
        500n,
      );
      const res = await chain.deliverRaw(TxRaw.encode(signed).finish());
      expect(res.log).toBe("");
      expect(res.code).toBe(0);
    }
    expect(chain.account(address)?.sequence).toBe(3n);
    expect(chain.balance(address)).toBe(10_000_000n - 1500n - 30n - 1000n - 3n * 5000n);
  });
});
