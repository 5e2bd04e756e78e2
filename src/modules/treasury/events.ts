import type { Context } from "../../types/context";

/** Plain Cosmos events: treasury has no events.proto (docs/wire/fields-part-b.md). */
export const treasuryEvents = {
  created(ctx: Context, id: bigint, admin: string): void {
    ctx.events.emit("treasury_created", { treasury_id: id.toString(), admin });
  },
  deposited(ctx: Context, id: bigint, depositor: string, amount: string): void {
    ctx.events.emit("treasury_deposit", { treasury_id: id.toString(), depositor, amount });
  },
  spent(ctx: Context, id: bigint, spender: string, recipient: string, amount: string): void {
    ctx.events.emit("treasury_spend", { treasury_id: id.toString(), spender, recipient, amount });
  },
  lockCreated(ctx: Context, lockId: bigint, treasuryId: bigint, beneficiary: string, amount: string): void {
    ctx.events.emit("treasury_lock_created", { lock_id: lockId.toString(), treasury_id: treasuryId.toString(), beneficiary, amount });
  },
  claimed(ctx: Context, lockId: bigint, beneficiary: string, released: bigint): void {
    ctx.events.emit("treasury_lock_claimed", { lock_id: lockId.toString(), beneficiary, released: released.toString() });
  },
  revoked(ctx: Context, lockId: bigint, returned: bigint, vested: bigint): void {
    ctx.events.emit("treasury_lock_revoked", {
      lock_id: lockId.toString(),
      returned: returned.toString(),
      vested_to_beneficiary: vested.toString(),
    });
  },
  escrow(ctx: Context, what: "opened" | "released" | "disputed" | "resolved", lockId: bigint, attrs: Record<string, string> = {}): void {
    ctx.events.emit(`treasury_escrow_${what}`, { lock_id: lockId.toString(), ...attrs });
  },
  roleChanged(ctx: Context, id: bigint, address: string, role: string): void {
    ctx.events.emit("treasury_role", { treasury_id: id.toString(), address, role });
  },
  paused(ctx: Context, id: bigint, paused: boolean): void {
    ctx.events.emit("treasury_paused", { treasury_id: id.toString(), paused: String(paused) });
  },
  adminChanged(ctx: Context, id: bigint, admin: string): void {
    ctx.events.emit("treasury_admin", { treasury_id: id.toString(), admin });
  },
  policySet(ctx: Context, id: bigint, denom: string): void {
    ctx.events.emit("treasury_spend_policy", { treasury_id: id.toString(), denom });
  },
  feesRouted(ctx: Context, id: bigint, amount: string): void {
    ctx.events.emit("treasury_fees_routed", { treasury_id: id.toString(), amount });
  },
};
