import { VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStdSignDoc, signAminoTx } from "../../../src/client/amino";
import type { TxOptions } from "../../../src/client/tx-builder";
import type { Secp256k1Key } from "../../../src/client/signer";
import { govAuthority } from "../../../src/types/authority";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID, DENOM, type TestChain } from "../../helpers/chain";
import { getProposal, govParams, proposalIdOf, submitMsg, voteMsg } from "../../helpers/gov";
import { FLOOR, FOUNDATION, chainWith, expectConstitutionError, getAmendment, keys, msg, testInvariants, validator } from "./setup";

const FEE = [{ denom: DENOM, amount: "5000" }];
const opts: TxOptions = { chainId: CHAIN_ID, fee: FEE, gasLimit: 600_000n };

describe("LEGACY_AMINO_JSON for every constitution message", () => {
  let chain: TestChain;
  const inv = testInvariants({ maxEntityPowerBps: 2500n });

  beforeAll(async () => {
    chain = await chainWith(testInvariants());
  });
  afterAll(async () => chain.close());

  function signer(key: Secp256k1Key) {
    const a = chain.account(key.address)!;
    return { key, accountNumber: a.accountNumber, sequence: a.sequence };
  }

  function aminoMsgs(msgs: AnyMsg[]) {
    return (makeStdSignDoc(msgs, opts, 0n, 0n) as { msgs: unknown[] }).msgs;
  }

  it("writes MsgProposeAmendment with its amino name, 64-bit integers as strings and the invariants always present", () => {
    expect(aminoMsgs([msg.propose(inv, "why", keys.mallory.address)])).toEqual([
      {
        type: "blockchain/x/constitution/MsgProposeAmendment",
        value: {
          authority: keys.mallory.address,
          invariants: {
            max_entity_power_bps: "2500",
            max_beneficial_owner_power_bps: "3300",
            max_jurisdiction_power_bps: "5000",
            concentration_epoch_blocks: "10",
            min_active_validators: 4,
            enforcement_threshold_bps: "6667",
            enforcement_recovery_destination: FOUNDATION,
            enforcement_voting_period_blocks: "20",
            enforcement_provisional_freeze_blocks: "5",
            amendment_delay_blocks: String(FLOOR),
            amendment_threshold_bps: "6667",
            foundation_custodian_count: 5,
            foundation_signature_threshold: 3,
          },
          reason: "why",
        },
      },
    ]);
    expect(aminoMsgs([pack0()])).toEqual([
      { type: "blockchain/x/constitution/MsgProposeAmendment", value: { authority: govAuthority(), invariants: {} } },
    ]);
  });

  /** An empty set: dont_omitempty keeps "invariants" even when every field is zero. */
  function pack0(): AnyMsg {
    return msg.propose(
      {
        ...testInvariants(),
        ...Object.fromEntries(
          Object.entries(testInvariants()).map(([k, v]) => [k, typeof v === "bigint" ? 0n : typeof v === "number" ? 0 : ""]),
        ),
      } as never,
      "",
    );
  }

  it("an amino-signed MsgProposeAmendment inside a governance proposal opens the amendment", async () => {
    const alice = keys.alice;
    const params = govParams(chain);
    const submit = submitMsg(alice.address, [msg.propose(inv, "amino proposal")], params.minDeposit);
    const res = await chain.deliverRaw(signAminoTx([submit], [signer(alice)], opts));
    expect(res.log).toBe("");
    const id = proposalIdOf(res as never);
    const vote = await chain.deliverRaw(
      signAminoTx([voteMsg(validator().address, id, VoteOption.VOTE_OPTION_YES)], [signer(validator())], opts),
    );
    expect(vote.log).toBe("");
    chain.setNextBlockTime({ seconds: getProposal(chain, id)!.votingEndTime!.seconds + 1n, nanos: 0 });
    await chain.produceBlocks(1);
    expect(getAmendment(chain, 1n)).toMatchObject({ reason: "amino proposal", proposed: inv });
  });

  it("an amino-signed MsgRatifyAmendment ratifies", async () => {
    const m = msg.ratify(validator().address, 1n);
    expect(aminoMsgs([m])).toEqual([
      { type: "blockchain/x/constitution/MsgRatifyAmendment", value: { validator: validator().address, amendment_id: "1" } },
    ]);
    const res = await chain.deliverRaw(signAminoTx([m], [signer(validator())], opts));
    expect(res.log).toBe("");
    expect(getAmendment(chain, 1n).ratifiedPower).toBe(10n);
  });

  it("amino-signed authority messages from a wrong signer verify, then are refused by the handler (1100)", async () => {
    const mallory = keys.mallory;
    const propose = await chain.deliverRaw(signAminoTx([msg.propose(inv, "mine", mallory.address)], [signer(mallory)], opts));
    expectConstitutionError(propose, 1100);
    const m = msg.withdraw(1n, mallory.address);
    expect(aminoMsgs([m])).toEqual([
      { type: "blockchain/x/constitution/MsgWithdrawAmendment", value: { authority: mallory.address, amendment_id: "1" } },
    ]);
    expectConstitutionError(await chain.deliverRaw(signAminoTx([m], [signer(mallory)], opts)), 1100);
  });
});
