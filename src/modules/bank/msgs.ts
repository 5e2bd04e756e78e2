import * as tx from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { accAddress } from "../../types/address";
import { addCoins, coinsFromProto, type Coin } from "../../types/coins";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { bankErrors } from "./errors";
import type { BankKeeper } from "./keeper";

function positiveCoins(list: tx.MsgSend["amount"]): Coin[] {
  const coins = coinsFromProto(list);
  if (coins.length === 0) throw sdkErrors.ErrInvalidCoins.wrap("must send a positive amount");
  return coins;
}

export function bankMsgs(k: BankKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgSend,
      responseCodec: tx.MsgSendResponse,
      signer: "fromAddress",
      aminoName: "cosmos-sdk/MsgSend",
      validate: (m) => {
        accAddress.validate(m.fromAddress);
        accAddress.validate(m.toAddress);
        return positiveCoins(m.amount);
      },
      handle: (ctx, m, coins) => {
        k.checkSendEnabled(ctx, coins);
        if (k.isBlocked(m.toAddress)) throw sdkErrors.ErrUnauthorized.wrap(`${m.toAddress} is not allowed to receive funds`);
        k.sendCoins(ctx, m.fromAddress, m.toAddress, coins);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgMultiSend,
      responseCodec: tx.MsgMultiSendResponse,
      signer: (m) => m.inputs.map((i) => i.address),
      aminoName: "cosmos-sdk/MsgMultiSend",
      validate: (m) => {
        if (m.inputs.length === 0) throw bankErrors.ErrNoInputs.wrap("");
        if (m.inputs.length > 1) throw bankErrors.ErrMultipleSenders.wrap("");
        if (m.outputs.length === 0) throw bankErrors.ErrNoOutputs.wrap("");
        let inSum: Coin[] = [];
        let outSum: Coin[] = [];
        for (const i of m.inputs) {
          accAddress.validate(i.address);
          inSum = addCoins(inSum, positiveCoins(i.coins));
        }
        // Each output's coins, parsed once here for the handler.
        const outputs = m.outputs.map((o) => {
          accAddress.validate(o.address);
          const coins = positiveCoins(o.coins);
          outSum = addCoins(outSum, coins);
          return { address: o.address, coins };
        });
        const same = inSum.length === outSum.length && inSum.every((c, i) => c.denom === outSum[i].denom && c.amount === outSum[i].amount);
        if (!same) throw bankErrors.ErrInputOutputMismatch.wrap("");
        return outputs;
      },
      handle: (ctx, m, outputs) => {
        const input = m.inputs[0];
        for (const { address, coins } of outputs) {
          k.checkSendEnabled(ctx, coins);
          if (k.isBlocked(address)) throw sdkErrors.ErrUnauthorized.wrap(`${address} is not allowed to receive funds`);
          k.sendCoins(ctx, input.address, address, coins);
        }
        return {};
      },
    }),
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: "cosmos-sdk/x/bank/MsgUpdateParams",
      validate: (p) => {
        if (p.sendEnabled.length > 0) throw sdkErrors.ErrInvalidRequest.wrap("use of send_enabled in params is no longer supported");
      },
      store: k.params,
    }),
    defineAuthorityMsg({
      codec: tx.MsgSetSendEnabled,
      responseCodec: tx.MsgSetSendEnabledResponse,
      aminoName: "cosmos-sdk/MsgSetSendEnabled",
      handle: (ctx, m) => {
        for (const e of m.sendEnabled) k.sendEnabled.set(ctx, e.denom, e.enabled);
        for (const denom of m.useDefaultFor) k.sendEnabled.remove(ctx, denom);
        return {};
      },
    }),
  ];
}
