import { describe, expect, it } from "vitest";
import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import { consensusParamsFromGenesis } from "../../../src/abci/genesis-doc";
import { updateParams, validateParams, validateUpdate } from "../../../src/modules/consensus/params";

const base: ConsensusParams = {
  block: { maxBytes: 1000n, maxGas: -1n },
  evidence: { maxAgeNumBlocks: 10n, maxAgeDuration: { seconds: 60n, nanos: 0 }, maxBytes: 100n },
  validator: { pubKeyTypes: ["ed25519"] },
  version: { app: 3n },
  abci: { voteExtensionsEnableHeight: 0n },
};

describe("consensus params (CometBFT 0.38 rules)", () => {
  it("reads genesis.json's consensus_params, filling CometBFT's defaults", () => {
    expect(consensusParamsFromGenesis(undefined)).toEqual({
      block: { maxBytes: 22020096n, maxGas: -1n },
      evidence: { maxAgeNumBlocks: 100000n, maxAgeDuration: { seconds: 172800n, nanos: 0 }, maxBytes: 1048576n },
      validator: { pubKeyTypes: ["ed25519"] },
      version: { app: 0n },
      abci: { voteExtensionsEnableHeight: 0n },
    });
    const p = consensusParamsFromGenesis({
      block: { max_bytes: "5000", max_gas: "77" },
      evidence: { max_age_duration: "1500000000" },
      version: { app: "1" },
    });
    expect(p.block).toEqual({ maxBytes: 5000n, maxGas: 77n });
    expect(p.evidence?.maxAgeDuration).toEqual({ seconds: 1n, nanos: 500000000 });
    expect(p.version).toEqual({ app: 1n });
  });

  it("validates as ValidateBasic does", () => {
    expect(() => validateParams(base)).not.toThrow();
    expect(() => validateParams({ ...base, block: { maxBytes: -1n, maxGas: -1n } })).not.toThrow();
    expect(() => validateParams({ ...base, block: { maxBytes: -2n, maxGas: -1n } })).toThrow(
      "block.MaxBytes must be -1 or greater than 0. Got -2",
    );
    expect(() => validateParams({ ...base, evidence: { ...base.evidence!, maxAgeDuration: { seconds: 0n, nanos: 0 } } })).toThrow(
      "evidence.MaxAgeDuration must be greater than 0",
    );
    expect(() => validateParams({ ...base, evidence: { ...base.evidence!, maxBytes: -1n } })).toThrow(
      "evidence.MaxBytes must be non negative. Got: -1",
    );
    expect(() => validateParams({ ...base, abci: { voteExtensionsEnableHeight: -1n } })).toThrow(
      "ABCI.VoteExtensionsEnableHeight cannot be negative. Got: -1",
    );
  });

  it("updates block, evidence, validator; keeps version and abci unless given", () => {
    const next = updateParams(base, {
      block: { maxBytes: 9n, maxGas: 9n },
      evidence: base.evidence,
      validator: { pubKeyTypes: ["secp256k1"] },
    });
    expect(next).toEqual({ ...base, block: { maxBytes: 9n, maxGas: 9n }, validator: { pubKeyTypes: ["secp256k1"] } });
  });

  it("enables vote extensions once, only at a future height", () => {
    expect(() => validateUpdate(base, { abci: { voteExtensionsEnableHeight: 20n } }, 10n)).not.toThrow();
    expect(() => validateUpdate(base, { abci: { voteExtensionsEnableHeight: 10n } }, 10n)).toThrow("cannot be updated to a past height");
    const enabled = { ...base, abci: { voteExtensionsEnableHeight: 5n } };
    expect(() => validateUpdate(enabled, { abci: { voteExtensionsEnableHeight: 50n } }, 10n)).toThrow(
      "vote extensions cannot be updated once enabled",
    );
    expect(() => validateUpdate(enabled, { abci: { voteExtensionsEnableHeight: 5n } }, 10n)).not.toThrow();
  });
});

describe("consensus params in genesis JSON", () => {
  it("round-trips through the export form", async () => {
    const { consensusParamsToGenesis } = await import("../../../src/abci/genesis-doc");
    const p = consensusParamsFromGenesis({
      block: { max_bytes: "5000", max_gas: "77" },
      evidence: { max_age_duration: "1500000000" },
      version: { app: "1" },
    });
    expect(consensusParamsFromGenesis(consensusParamsToGenesis(p))).toEqual(p);
    expect(consensusParamsToGenesis(consensusParamsFromGenesis(undefined))).toEqual({
      block: { max_bytes: "22020096", max_gas: "-1" },
      evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
      validator: { pub_key_types: ["ed25519"] },
      version: { app: "0" },
      abci: { vote_extensions_enable_height: "0" },
    });
  });
});
