import { describe, expect, it } from "vitest";
import { QueryValidatorRequest, QueryValidatorResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { binaryToJson, jsonToBinary } from "../../../src/codec/proto-json";
import { valAddress, accAddress, moduleAddress } from "../../../src/types/address";
import { signTx } from "../../../src/client/tx-builder";
import { TestChain, testKey, pack, DENOM } from "../../helpers/chain";
import { consKeyB64, genesisWith, gentxOf, powers, withInitChain, YML } from "./setup";

const valoper = (address: string) => valAddress.encode(accAddress.decode(address));
const op1 = testKey("genutil-op1");
const op2 = testKey("genutil-op2");

describe("genesis validators from gentxs", () => {
  it("InitChain delivers every gentx after InitGenesis and returns the validator set they create", async () => {
    const doc = genesisWith(
      [
        { address: op1.address, amount: 50n * YML },
        { address: op2.address, amount: 20n * YML },
      ],
      [gentxOf(op1, 1, 10n * YML), gentxOf(op2, 2, 20n * YML)],
    );
    await withInitChain(doc, (_app, res) => {
      expect(powers(res)).toEqual(
        new Map([
          [consKeyB64(1), 10n],
          [consKeyB64(2), 20n],
        ]),
      );
    });
  });

  it("bonds the validators in staking from the operators' balances; the operator's sequence advances", async () => {
    const chain = await TestChain.create({
      funded: { "genutil-op1": [{ denom: DENOM, amount: (50n * YML).toString() }] },
      admitValidators: ["genutil-op1"],
      mutateGenesis: (s) => (s.genutil = { gen_txs: [gentxOf(op1, 1, 10n * YML)] }),
    });
    try {
      const res = chain.query(
        "/cosmos.staking.v1beta1.Query/Validator",
        QueryValidatorRequest,
        { validatorAddr: valoper(op1.address) },
        QueryValidatorResponse,
      );
      expect(res.validator.status).toBe(BondStatus.BOND_STATUS_BONDED);
      expect(res.validator.tokens).toBe((10n * YML).toString());
      expect(res.validator.description.moniker).toBe("val-1");
      expect(chain.balance(op1.address)).toBe(40n * YML);
      expect(chain.account(op1.address)?.sequence).toBe(1n);
      // The gentx paid no fee; the operator's account keeps its genesis number.
      expect(chain.balance(moduleAddress("fee_collector"))).toBe(0n);
      const sent = await chain.deliver(op1, [
        pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
          fromAddress: op1.address,
          toAddress: op2.address,
          amount: [{ denom: DENOM, amount: "1" }],
        }),
      ]);
      expect(sent.code).toBe(0);
    } finally {
      await chain.close();
    }
  });

  it("verifies gentx signatures with account number 0 whatever the signer's genesis account number", async () => {
    const filler = [testKey("f1"), testKey("f2"), testKey("f3")].map((k) => ({ address: k.address, amount: YML }));
    const doc = genesisWith([...filler, { address: op1.address, amount: 50n * YML }], [gentxOf(op1, 1, 10n * YML)]);
    expect((doc.app_state.auth as any).accounts.find((a: any) => a.address === op1.address).account_number).toBe("3");
    await withInitChain(doc, (_app, res) => expect(powers(res).get(consKeyB64(1))).toBe(10n));
  });
});

describe("a bad gentx aborts InitChain with a clear error", () => {
  const funded = [{ address: op1.address, amount: 50n * YML }];

  it("a tampered signature", async () => {
    const gentx = gentxOf(op1, 1, 10n * YML) as { signatures: string[] };
    const sig = Buffer.from(gentx.signatures[0], "base64");
    sig[5] ^= 1;
    gentx.signatures[0] = sig.toString("base64");
    await expect(withInitChain(genesisWith(funded, [gentx]), () => undefined)).rejects.toThrow(
      /gentx 0 failed \(codespace sdk, code 4\): signature verification failed; please verify account number \(0\)/,
    );
  });

  it("signed for another chain id", async () => {
    await expect(
      withInitChain(genesisWith(funded, [gentxOf(op1, 1, 10n * YML, { chainId: "other-chain" })]), () => undefined),
    ).rejects.toThrow(/gentx 0 failed.*signature verification failed.*chain-id \(test-chain\)/);
  });

  it("a signer whose genesis balance does not cover the self-bond, or who has no genesis account", async () => {
    await expect(
      withInitChain(genesisWith([{ address: op1.address, amount: 10n * YML - 1n }], [gentxOf(op1, 1, 10n * YML)]), () => undefined),
    ).rejects.toThrow(/gentx 0 \(val-1\): account yml1\w+ has a balance in genesis of 9999999uyml, less than the self-bond 10000000uyml/);
    await expect(withInitChain(genesisWith([], [gentxOf(op1, 1, 10n * YML)]), () => undefined)).rejects.toThrow(
      /gentx 0 \(val-1\): account yml1\w+ not in genesis state/,
    );
  });

  it("a failing MsgCreateValidator (the consensus key taken by an earlier gentx)", async () => {
    const doc = genesisWith(
      [...funded, { address: op2.address, amount: 50n * YML }],
      [gentxOf(op1, 1, 10n * YML), gentxOf(op2, 1, 10n * YML)],
    );
    await expect(withInitChain(doc, () => undefined)).rejects.toThrow(/gentx 1 failed \(codespace staking, code 5\)/);
  });

  it("a gentx that is not exactly one MsgCreateValidator", async () => {
    const withBody = (mutate: (b: TxBody) => void) => {
      const raw = TxRaw.decode(jsonToBinary("cosmos.tx.v1beta1.Tx", gentxOf(op1, 1, 10n * YML)));
      const body = TxBody.decode(raw.bodyBytes);
      mutate(body);
      return binaryToJson("cosmos.tx.v1beta1.Tx", TxRaw.encode({ ...raw, bodyBytes: TxBody.encode(body).finish() }).finish());
    };
    const send = pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: op1.address, toAddress: op2.address, amount: [] });
    await expect(withInitChain(genesisWith(funded, [withBody((b) => b.messages.push(b.messages[0]))]), () => undefined)).rejects.toThrow(
      /gentx 0: must provide genesis transaction with exactly 1 CreateValidator message, got 2 messages/,
    );
    await expect(withInitChain(genesisWith(funded, [withBody((b) => (b.messages = [send]))]), () => undefined)).rejects.toThrow(
      /gentx 0: genesis transaction does not contain a MsgCreateValidator/,
    );
  });
});

describe("the genesis account-number rule applies only at genesis", () => {
  it("after genesis a tx signed with account number 0 by an account numbered otherwise is refused", async () => {
    const chain = await TestChain.create();
    try {
      const alice = testKey("alice");
      const carol = testKey("carol");
      expect(chain.account(carol.address)!.accountNumber).not.toBe(0n);
      const tx = signTx(
        [
          pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
            fromAddress: carol.address,
            toAddress: alice.address,
            amount: [{ denom: DENOM, amount: "1" }],
          }),
        ],
        [{ key: carol, accountNumber: 0n, sequence: 0n }],
        { chainId: chain.genesis.chain_id, fee: [{ denom: DENOM, amount: "5000" }] },
      );
      const res = await chain.deliverRaw(tx);
      expect(res.code).toBe(4);
      expect(res.log).toMatch(/signature verification failed; please verify account number \(\d+\)/);
    } finally {
      await chain.close();
    }
  });
});

describe("genesis with an initial height above 1", () => {
  it("still verifies gentxs with account number 0 (the chain is below its first block)", async () => {
    const doc = genesisWith(
      [
        { address: testKey("f1").address, amount: YML },
        { address: op1.address, amount: 50n * YML },
      ],
      [gentxOf(op1, 1, 10n * YML)],
    );
    doc.initial_height = "100";
    await withInitChain(doc, (_app, res) => expect(powers(res).get(consKeyB64(1))).toBe(10n));
  });
});

describe("exported genesis", () => {
  it("holds the gentx validators in staking and no gentxs; InitChain from it returns the same validator set", async () => {
    const chain = await TestChain.create({
      funded: {
        "genutil-op1": [{ denom: DENOM, amount: (50n * YML).toString() }],
        "genutil-op2": [{ denom: DENOM, amount: (50n * YML).toString() }],
      },
      admitValidators: ["genutil-op1", "genutil-op2"],
      mutateGenesis: (s) => (s.genutil = { gen_txs: [gentxOf(op1, 1, 10n * YML), gentxOf(op2, 2, 20n * YML)] }),
    });
    try {
      await chain.produceBlocks(2);
      const exported = chain.app.exportAppState();
      expect(exported.genutil).toEqual({ gen_txs: [] });
      const operators = (exported.staking as { validators: Array<{ operator_address: string }> }).validators.map((v) => v.operator_address);
      expect(operators).toEqual(expect.arrayContaining([valoper(op1.address), valoper(op2.address)]));

      const doc = { ...chain.genesis, validators: [], app_state: exported };
      const original = await withInitChain({ ...chain.genesis, validators: [] }, (_app, res) => powers(res));
      await withInitChain(doc, (_app, res) => {
        expect(powers(res)).toEqual(original);
        expect(powers(res).get(consKeyB64(1))).toBe(10n);
        expect(powers(res).get(consKeyB64(2))).toBe(20n);
      });
    } finally {
      await chain.close();
    }
  });
});
