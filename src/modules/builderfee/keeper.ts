import { ApprovedBuilder, BuilderApplication } from "../../gen/blockchain/builderfee/v1/builderfee";
import { Params } from "../../gen/blockchain/builderfee/v1/params";
import { Schema } from "../../store/collections";
import { memoValue, protoValue, stringKey } from "../../store/codecs";
import { Applications } from "../../types/applications";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import type { DecodedTx } from "../../types/tx";
import { builderfeeErrors } from "./errors";
import { builderfeeEvents } from "./events";
import { BPS_DENOMINATOR, defaultBuilderfeeParams } from "./params";
import type { BankKeeper, MsgTypes } from "./expected-keepers";

export { ApplicationStatus } from "../../types/applications";

/** Builder applications and approved builders, one per message type URL, and the fee share. */
export class BuilderfeeKeeper {
  private readonly schema = new Schema("builderfee/");
  readonly params = this.schema.item(1, "params", memoValue(protoValue(Params, "Params")), defaultBuilderfeeParams());
  readonly applications = this.schema.map(2, "builder_applications", stringKey, protoValue(BuilderApplication, "BuilderApplication"));
  readonly builders = this.schema.map(3, "approved_builders", stringKey, protoValue(ApprovedBuilder, "ApprovedBuilder"));
  private readonly review = new Applications(
    this.applications,
    {
      exists: builderfeeErrors.ErrBuilderExists,
      notFound: builderfeeErrors.ErrApplicationNotFound,
      notPending: builderfeeErrors.ErrApplicationNotPending,
    },
    (msgTypeUrl: string) => msgTypeUrl,
  );
  private msgTypes: MsgTypes | undefined;

  constructor(
    private readonly bank: BankKeeper,
    private readonly feeCollector: string,
  ) {}

  bindMsgTypes(types: MsgTypes): void {
    this.msgTypes = types;
  }

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  /** The payout address of the approved builder of a type URL, if any. */
  approvedBuilder(ctx: Context, msgTypeUrl: string): string | undefined {
    return this.builders.get(ctx, msgTypeUrl)?.payoutAddress;
  }

  /** A new application for a message type; a rejected one may be replaced. */
  registerBuilder(ctx: Context, app: Omit<BuilderApplication, "status">): void {
    if (this.msgTypes && !this.msgTypes.has(app.msgTypeUrl)) {
      throw builderfeeErrors.ErrInvalidMsgTypeURL.wrap(`${app.msgTypeUrl} is not a message this chain executes`);
    }
    builderfeeEvents.builderRegistered(ctx, this.review.apply(ctx, app.msgTypeUrl, app));
  }

  /** Governance's decision on a pending application. */
  decideApplication(ctx: Context, msgTypeUrl: string, approve: boolean): void {
    const app = this.review.decide(ctx, msgTypeUrl, approve);
    if (approve) this.builders.set(ctx, msgTypeUrl, { msgTypeUrl, payoutAddress: app.payoutAddress });
    builderfeeEvents.applicationDecided(ctx, app, approve);
  }

  /** floor(amount × bps / 10000) per fee coin; coins whose share floors to zero are dropped. */
  shareOf(fee: readonly Coin[], bps: bigint): Coin[] {
    return fee.map((c) => ({ denom: c.denom, amount: (c.amount * bps) / BPS_DENOMINATOR })).filter((c) => c.amount > 0n);
  }

  /**
   * Pays the fee share to the builder of the first message (in tx order) whose type has an
   * approved builder. One bank send, so a refusal throws before anything is written and the
   * framework drops this hook's branch; the tx itself is unaffected.
   */
  payBuilderShare(ctx: Context, tx: DecodedTx): void {
    if (tx.fee.length === 0) return;
    const share = this.shareOf(tx.fee, this.params.get(ctx).builderFeeShareBps);
    if (share.length === 0) return;
    for (const m of tx.msgs) {
      const payout = this.approvedBuilder(ctx, m.any.typeUrl);
      if (payout === undefined) continue;
      this.bank.sendCoinsFromModuleToAccount(ctx, this.feeCollector, payout, share);
      builderfeeEvents.feePaid(ctx, m.any.typeUrl, payout, share, tx.hash);
      return;
    }
  }
}
