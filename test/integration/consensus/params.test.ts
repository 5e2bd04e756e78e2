import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QueryParamsRequest, QueryParamsResponse } from "cosmjs-types/cosmos/consensus/v1/query";
import { MsgUpdateParams } from "cosmjs-types/cosmos/consensus/v1/tx";
import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAminoTx } from "../../../src/client/amino";
import { govAuthority } from "../../../src/types/authority";
import { CHAIN_ID, DENOM, pack, testKey, TestChain } from "../../helpers/chain";
import { getProposal, govParams, passProposal, proposalIdOf, submitMsg } from "../../helpers/gov";
import { restHarness, type RestHarness } from "../rest/setup";

const GENESIS_PARAMS_JSON = {
  block: { max_bytes: "4194304", max_gas: "200000000" },
  evidence: { max_age_num_blocks: "100000", max_age_duration: "172800s", max_bytes: "1048576" },
  validator: { pub_key_types: ["ed25519"] },
  version: { app: "1" },
  abci: { vote_extensions_enable_height: "0" },
};

const NEW = {
  block: { maxBytes: 1_000_000n, maxGas: 50_000_000n },
  evidence: { maxAgeNumBlocks: 200_000n, maxAgeDuration: { seconds: 86_400n, nanos: 0 }, maxBytes: 500_000n },
  validator: { pubKeyTypes: ["ed25519"] },
};

function updateParams(over: Partial<MsgUpdateParams> = {}, authority = govAuthority()) {
  return pack("/cosmos.consensus.v1.MsgUpdateParams", MsgUpdateParams, MsgUpdateParams.fromPartial({ authority, ...NEW, ...over }));
}

function params(chain: TestChain): ConsensusParams | undefined {
  return chain.query("/cosmos.consensus.v1.Query/Params", QueryParamsRequest, {}, QueryParamsResponse).params;
}

describe("cosmos.consensus.v1: params through governance reach CometBFT", () => {
  let h: RestHarness;
  let chain: TestChain;
  const alice = testKey("alice");

  beforeAll(async () => {
    h = await restHarness();
    chain = h.chain;
  });
  afterAll(async () => h.close());

  it("serves InitChain's params (genesis.json as init and the dev genesis write them) over ABCI and REST", async () => {
    expect(params(chain)).toEqual({
      block: { maxBytes: 4_194_304n, maxGas: 200_000_000n },
      evidence: { maxAgeNumBlocks: 100_000n, maxAgeDuration: { seconds: 172_800n, nanos: 0 }, maxBytes: 1_048_576n },
      validator: { pubKeyTypes: ["ed25519"] },
      version: { app: 1n },
      abci: { voteExtensionsEnableHeight: 0n },
    });
    const rest = await h.get("/cosmos/consensus/v1/params");
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ params: GENESIS_PARAMS_JSON });
  });

  it("a passed MsgUpdateParams is returned in that block's consensus_param_updates only, and stored", async () => {
    const updates: Array<{ height: bigint; params: ConsensusParams | undefined }> = [];
    const off = chain.engine.onBlock((b) => updates.push({ height: b.height, params: b.response.consensusParamUpdates }));
    try {
      const p = await passProposal(chain, [updateParams()]);
      expect(p.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
      await chain.produceBlocks(1);
    } finally {
      off();
    }
    const changed = updates.filter((u) => u.params !== undefined);
    expect(changed).toHaveLength(1);
    expect(changed[0].height).toBe(updates[updates.length - 2].height);
    expect(changed[0].params).toEqual({ ...NEW, abci: { voteExtensionsEnableHeight: 0n }, version: undefined });

    expect(params(chain)).toEqual({ ...NEW, version: { app: 1n }, abci: { voteExtensionsEnableHeight: 0n } });
    const rest = await h.get("/cosmos/consensus/v1/params");
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({
      params: {
        block: { max_bytes: "1000000", max_gas: "50000000" },
        evidence: { max_age_num_blocks: "200000", max_age_duration: "86400s", max_bytes: "500000" },
        validator: { pub_key_types: ["ed25519"] },
        version: { app: "1" },
        abci: { vote_extensions_enable_height: "0" },
      },
    });
  });

  it("refuses incomplete or invalid params with CometBFT's checks (sdk 18) and keeps the stored ones", async () => {
    const before = params(chain);
    const cases: Array<[Partial<MsgUpdateParams>, string]> = [
      [{ evidence: undefined }, "all parameters must be present"],
      [{ block: { maxBytes: 0n, maxGas: -1n } }, "block.MaxBytes cannot be 0"],
      [{ block: { maxBytes: 104_857_601n, maxGas: -1n } }, "block.MaxBytes is too big. 104857601 > 104857600"],
      [{ block: { maxBytes: 1_000_000n, maxGas: -2n } }, "block.MaxGas must be greater or equal to -1. Got -2"],
      [{ evidence: { ...NEW.evidence, maxAgeNumBlocks: 0n } }, "evidence.MaxAgeNumBlocks must be greater than 0. Got 0"],
      [{ evidence: { ...NEW.evidence, maxBytes: 2_000_000n } }, "evidence.MaxBytesEvidence is greater than upper bound, 2000000 > 1000000"],
      [{ validator: { pubKeyTypes: [] } }, "len(Validator.PubKeyTypes) must be greater than 0"],
      [{ validator: { pubKeyTypes: ["rsa"] } }, "params.Validator.PubKeyTypes[0], rsa, is an unknown pubkey type"],
      [{ abci: { voteExtensionsEnableHeight: 1n } }, "VoteExtensionsEnableHeight cannot be updated to a past height"],
    ];
    for (const [over, why] of cases) {
      const res = await chain.govExec([updateParams(over)]);
      expect({ code: res.code, codespace: res.codespace }).toEqual({ code: 18, codespace: "sdk" });
      expect(res.log).toContain(why);
    }
    expect(params(chain)).toEqual(before);
  });

  it("refuses MsgUpdateParams from anyone but gov (gov 13), DIRECT and amino-signed", async () => {
    const direct = await chain.deliver(alice, [updateParams({}, alice.address)]);
    expect({ code: direct.code, codespace: direct.codespace }).toEqual({ code: 13, codespace: "gov" });
    const account = chain.account(alice.address)!;
    const tx = signAminoTx(
      [updateParams({}, alice.address)],
      [{ key: alice, accountNumber: account.accountNumber, sequence: account.sequence }],
      {
        chainId: CHAIN_ID,
        fee: [{ denom: DENOM, amount: "5000" }],
        gasLimit: 400_000n,
      },
    );
    const amino = await chain.deliverRaw(tx);
    expect({ code: amino.code, codespace: amino.codespace }).toEqual({ code: 13, codespace: "gov" });
  });

  it("accepts an amino-signed proposal carrying MsgUpdateParams", async () => {
    const account = chain.account(alice.address)!;
    const tx = signAminoTx(
      [submitMsg(alice.address, [updateParams()], govParams(chain).minDeposit)],
      [{ key: alice, accountNumber: account.accountNumber, sequence: account.sequence }],
      {
        chainId: CHAIN_ID,
        fee: [{ denom: DENOM, amount: "5000" }],
        gasLimit: 400_000n,
      },
    );
    const res = await chain.deliverRaw(tx);
    expect(res.log).toBe("");
    expect(getProposal(chain, proposalIdOf(res))?.messages[0].typeUrl).toBe("/cosmos.consensus.v1.MsgUpdateParams");
  });
});

describe("consensus params survive a restart", () => {
  const dir = mkdtempSync(join(tmpdir(), "consensus-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("InitChain's params are kept (outside state) and a governance change (in state) too", async () => {
    let chain = await TestChain.create({ dir });
    const genesis = params(chain);
    expect(genesis?.block?.maxBytes).toBe(4_194_304n);
    await chain.close();
    chain = await TestChain.create({ dir });
    expect(params(chain)).toEqual(genesis);
    expect((await chain.govExec([updateParams()])).code).toBe(0);
    await chain.close();
    chain = await TestChain.create({ dir });
    expect(params(chain)?.block).toEqual(NEW.block);
    await chain.close();
  });
});
