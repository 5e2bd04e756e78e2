import { Equivocation } from "cosmjs-types/cosmos/evidence/v1beta1/evidence";
import * as tx from "cosmjs-types/cosmos/evidence/v1beta1/tx";
import { MisbehaviorType } from "cosmjs-types/tendermint/abci/types";
import { bech32Prefix, fromBech32, toBech32 } from "../../types/address";
import { faultCandidates, simMsg, type ModuleSimulation } from "../../types/simulation";
import { packEquivocation, unpackEvidence } from "./equivocation";
import type { EvidenceKeeper } from "./keeper";

/** About one block in this many carries a double sign (each one tombstones a validator for good). */
const DOUBLE_SIGN_ONE_IN = 400;
/** sdk.DefaultPowerReduction: tokens per unit of consensus power. */
const POWER_REDUCTION = 1_000_000n;

/**
 * Evidence: now and then CometBFT reports a bonded validator's double sign of the previous block
 * (FinalizeBlock misbehavior), which slashes, jails and tombstones it; MsgSubmitEvidence from an
 * account is always refused (no evidence route, as in the SDK's app). Invariant: every kept
 * evidence names a tombstoned validator.
 */
export function evidenceSimulation(k: EvidenceKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "evidence/submit-evidence",
        weight: 1,
        build: (s) => {
          const submitter = s.rng.pick(s.accounts);
          const candidates = faultCandidates(k.staking, s);
          if (candidates.length === 0 || s.ctx.height < 2n) return undefined;
          const v = s.rng.pick(candidates);
          const evidence = packEquivocation(
            Equivocation.fromPartial({
              height: s.ctx.height - 1n,
              time: s.ctx.time,
              power: 1n,
              consensusAddress: toBech32(bech32Prefix.consensus, v.consAddr),
            }),
          );
          return {
            signer: submitter,
            msgs: [simMsg("/cosmos.evidence.v1beta1.MsgSubmitEvidence", tx.MsgSubmitEvidence, { submitter, evidence })],
            expect: "fail",
          };
        },
      },
    ],
    blockInputs: (s) => {
      if (!s.rng.oneIn(DOUBLE_SIGN_ONE_IN)) return undefined;
      const candidates = faultCandidates(k.staking, s).filter((v) => !k.slashing.isTombstoned(s.ctx, v.consAddr));
      if (candidates.length === 0) return undefined;
      const v = s.rng.pick(candidates);
      const power = BigInt(v.validator.tokens) / POWER_REDUCTION;
      if (power <= 0n) return undefined;
      return {
        misbehavior: [
          {
            type: MisbehaviorType.DUPLICATE_VOTE,
            validator: { address: v.consAddr, power },
            height: s.ctx.height,
            time: s.ctx.time,
            totalVotingPower: power,
          },
        ],
      };
    },
    invariants: [
      {
        name: "evidence/tombstoned",
        check: (ctx) => {
          for (const [, any] of k.evidences.iterate(ctx)) {
            const e = unpackEvidence(any);
            if (!k.slashing.getSigningInfo(ctx, fromBech32(e.consensusAddress, bech32Prefix.consensus))?.tombstoned)
              return `evidence against ${e.consensusAddress} kept, but it is not tombstoned`;
          }
          return undefined;
        },
      },
    ],
  };
}
