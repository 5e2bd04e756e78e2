import type { Context } from "../../types/context";

/** The SDK's typed events (package cosmos.nft.v1beta1), emitted as EmitTypedEvent does. */
export const nftEvents = {
  send(ctx: Context, classId: string, id: string, sender: string, receiver: string): void {
    ctx.events.emitTyped("cosmos.nft.v1beta1.EventSend", { class_id: classId, id, sender, receiver });
  },
  mint(ctx: Context, classId: string, id: string, owner: string): void {
    ctx.events.emitTyped("cosmos.nft.v1beta1.EventMint", { class_id: classId, id, owner });
  },
  burn(ctx: Context, classId: string, id: string, owner: string): void {
    ctx.events.emitTyped("cosmos.nft.v1beta1.EventBurn", { class_id: classId, id, owner });
  },
};
