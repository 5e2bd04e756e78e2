import { GenesisState } from "../../gen/ibc/applications/transfer/v1/genesis";
import { parseAmount, validateDenom as validateBankDenom } from "../../types/coins";
import type { GenesisDef } from "../../types/module";
import { validatePortId } from "../../types/ibc-host";
import { denomHash, denomPath, validateDenom } from "./denom";
import { transferErrors } from "./errors";
import { TRANSFER_PORT, type TransferKeeper } from "./keeper";
import { defaultParams } from "./params";

/**
 * ibc-go's transfer GenesisState: the port, the denom records, params and the total in escrow
 * per denom. Denoms export in ibc-go's order (base, then trace length, then path).
 */
export function transferGenesis(k: TransferKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "ibc.applications.transfer.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({ portId: TRANSFER_PORT, denoms: [], params: defaultParams(), totalEscrowed: [] }),
    validate: (g) => {
      validatePortId(g.portId);
      if (g.portId !== TRANSFER_PORT)
        throw transferErrors.ErrInvalidDenomForTransfer.wrap(`port ${g.portId}: only "${TRANSFER_PORT}" is bound`);
      const seen = new Set<string>();
      g.denoms.forEach((d, i) => {
        const path = denomPath(d);
        if (seen.has(path)) throw transferErrors.ErrInvalidDenomForTransfer.wrap(`duplicated denomination ${path}`);
        seen.add(path);
        try {
          validateDenom(d);
        } catch (e) {
          if (e instanceof Error) e.message = `failed denom ${i} validation: ${e.message}`;
          throw e;
        }
      });
      const denoms = new Set<string>();
      for (const c of g.totalEscrowed) {
        validateBankDenom(c.denom);
        if (denoms.has(c.denom)) throw transferErrors.ErrInvalidAmount.wrap(`duplicate escrow denom ${c.denom}`);
        denoms.add(c.denom);
        if (parseAmount(c.amount) === 0n) throw transferErrors.ErrInvalidAmount.wrap(`zero escrow amount for ${c.denom}`);
      }
    },
    // Runs after ibc's genesis: the escrow accounts are those of the transfer port's channels.
    init: (ctx, g) => {
      k.params.set(ctx, g.params ?? defaultParams());
      for (const d of g.denoms) k.denoms.set(ctx, denomHash(d), d);
      for (const c of g.totalEscrowed) k.totalEscrow.set(ctx, c.denom, parseAmount(c.amount));
      for (const c of k.channels.channels(ctx)) if (c.portId === TRANSFER_PORT) k.registerEscrow(ctx, TRANSFER_PORT, c.channelId);
    },
    export: (ctx) => {
      const denoms = [...k.denoms.iterate(ctx)].map(([, d]) => d);
      denoms.sort((a, b) => {
        if (a.base !== b.base) return a.base < b.base ? -1 : 1;
        if (a.trace.length !== b.trace.length) return a.trace.length - b.trace.length;
        const pa = denomPath(a);
        const pb = denomPath(b);
        return pa < pb ? -1 : pa > pb ? 1 : 0;
      });
      return {
        portId: TRANSFER_PORT,
        denoms,
        params: k.getParams(ctx),
        totalEscrowed: [...k.totalEscrow.iterate(ctx)].map(([denom, amount]) => ({ denom, amount: amount.toString() })),
      };
    },
  };
}
