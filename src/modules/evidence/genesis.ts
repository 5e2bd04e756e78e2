import { GenesisState } from "cosmjs-types/cosmos/evidence/v1beta1/genesis";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { evidenceHash, unpackEvidence, validateEquivocation } from "./equivocation";
import type { EvidenceKeeper } from "./keeper";

/** The SDK's x/evidence genesis: every evidence kept, each once. */
export function evidenceGenesis(k: EvidenceKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.evidence.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({}),
    validate: (g) => {
      for (const any of g.evidence) validateEquivocation(unpackEvidence(any));
    },
    init: (ctx, g) => {
      for (const any of g.evidence) {
        const e = unpackEvidence(any);
        const hash = evidenceHash(e);
        if (k.evidences.has(ctx, hash))
          throw sdkErrors.ErrInvalidRequest.wrap(`evidence with hash ${Buffer.from(hash).toString("hex").toUpperCase()} already exists`);
        k.setEvidence(ctx, e);
      }
    },
    export: (ctx) => GenesisState.fromPartial({ evidence: [...k.evidences.iterate(ctx)].map(([, any]) => any) }),
  };
}
