import { GenesisState } from "../../gen/blockchain/netting/v1/genesis";
import { CycleStatus, DenomStatus } from "../../gen/blockchain/netting/v1/netting";
import { accAddress } from "../../types/address";
import { validateDenom } from "../../types/coins";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { ABANDONED_PREFIX, type NettingKeeper } from "./keeper";
import { defaultNettingParams, validateNettingParams } from "./params";

const bad = (msg: string) => sdkErrors.ErrInvalidRequest.wrap(`netting genesis: ${msg}`);
const INT_RE = /^-?[0-9]{1,78}$/;

export function nettingGenesis(k: NettingKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.netting.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({
      params: defaultNettingParams(),
      cycles: [],
      obligations: [],
      positions: [],
      reserves: [],
      currentCycle: 0n,
      cycleCount: 1n,
      obligationCount: 1n,
    }),
    validate: (g) => {
      validateNettingParams(g.params ?? defaultNettingParams());
      const cycles = new Map(g.cycles.map((c) => [c.id, c]));
      if (cycles.size !== g.cycles.length) throw bad("duplicate cycle id");
      for (const c of g.cycles) {
        if (c.id === 0n || c.id >= g.cycleCount) throw bad(`cycle id ${c.id} outside 1..${g.cycleCount - 1n}`);
        if (c.status === CycleStatus.CYCLE_STATUS_UNSPECIFIED) throw bad(`cycle ${c.id} has no status`);
        for (const d of c.outcomes) validateDenom(d.denom);
      }
      if (g.currentCycle !== 0n && cycles.get(g.currentCycle)?.status !== CycleStatus.CYCLE_STATUS_OPEN)
        throw bad(`current cycle ${g.currentCycle} is not open`);
      const ids = new Set<bigint>();
      for (const o of g.obligations) {
        if (o.id === 0n || o.id >= g.obligationCount || ids.has(o.id)) throw bad(`obligation id ${o.id}`);
        ids.add(o.id);
        accAddress.validate(o.fromParticipant);
        accAddress.validate(o.toParticipant);
      }
      for (const p of g.positions) {
        accAddress.validate(p.participant);
        if (!cycles.has(p.cycleId)) throw bad(`position in unknown cycle ${p.cycleId}`);
        if (!INT_RE.test(p.amount) || BigInt(p.amount) === 0n) throw bad(`position amount ${p.amount}`);
      }
      for (const r of g.reserves) {
        accAddress.validate(r.participant);
        validateDenom(r.denom);
        if (!/^[0-9]{1,78}$/.test(r.amount)) throw bad(`reserve amount ${r.amount}`);
      }
    },
    init: (ctx, g) => {
      k.params.set(ctx, validateNettingParams(g.params ?? defaultNettingParams()));
      for (const c of g.cycles) {
        k.cycles.set(ctx, c.id, c);
        for (const d of c.outcomes) {
          if (d.status === DenomStatus.DENOM_STATUS_HELD && !d.holdReason.startsWith(ABANDONED_PREFIX)) {
            k.held.set(ctx, [c.id, d.denom], { cycleId: c.id, denom: d.denom, reason: d.holdReason, heldSinceHeight: c.closedAtHeight });
          }
        }
      }
      for (const o of g.obligations) k.obligations.set(ctx, o.id, o);
      for (const p of g.positions) k.positions.set(ctx, [p.cycleId, p.denom, p.participant], { ...p, amount: BigInt(p.amount).toString() });
      for (const r of g.reserves)
        if (BigInt(r.amount) > 0n) k.reserves.set(ctx, [r.participant, r.denom], { ...r, amount: BigInt(r.amount).toString() });
      k.currentCycle.set(ctx, g.currentCycle);
      k.nextCycleId.set(ctx, g.cycleCount === 0n ? 1n : g.cycleCount);
      k.nextObligationId.set(ctx, g.obligationCount === 0n ? 1n : g.obligationCount);
      k.rebuildIndexes(ctx);
      // Netting on at genesis: the first cycle opens at chain start, not at the first block's end.
      k.ensureOpenCycle(ctx);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      cycles: [...k.cycles.iterate(ctx)].map(([, v]) => v),
      obligations: [...k.obligations.iterate(ctx)].map(([, v]) => v),
      positions: [...k.positions.iterate(ctx)].map(([, v]) => v),
      reserves: [...k.reserves.iterate(ctx)].map(([, v]) => v),
      currentCycle: k.currentCycle.get(ctx),
      cycleCount: k.nextCycleId.peek(ctx),
      obligationCount: k.nextObligationId.peek(ctx),
    }),
  };
}
