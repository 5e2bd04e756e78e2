import { createHash } from "node:crypto";
import { QueryValidatorsRequest, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import type { App } from "../app/app";
import { POWER_REDUCTION } from "../modules/staking";
import type { ValidatorView } from "./backend";

/** CometBFT's validator order: voting power descending, then address ascending. */
export function byCometOrder(a: ValidatorView, b: ValidatorView): number {
  return a.votingPower === b.votingPower ? Buffer.compare(a.address, b.address) : a.votingPower > b.votingPower ? -1 : 1;
}

/**
 * The bonded set as staking reports it, in CometBFT's form (address = first 20 bytes of
 * sha256(ed25519 key), power = tokens / power reduction), ordered by power as Comet orders it.
 */
export function bondedValidators(app: App): ValidatorView[] {
  const out: ValidatorView[] = [];
  let key: Uint8Array | undefined;
  for (let page = 0; page < 100; page++) {
    const res = app.query({
      path: "/cosmos.staking.v1beta1.Query/Validators",
      data: QueryValidatorsRequest.encode(
        QueryValidatorsRequest.fromPartial({ status: "BOND_STATUS_BONDED", pagination: { key, limit: 200n } }),
      ).finish(),
      height: 0n,
      prove: false,
    });
    if (res.code !== 0) return out;
    const decoded = QueryValidatorsResponse.decode(res.value);
    for (const v of decoded.validators) {
      if (v.consensusPubkey?.typeUrl !== "/cosmos.crypto.ed25519.PubKey") continue;
      const pubKey = PubKey.decode(v.consensusPubkey.value).key;
      out.push({
        address: createHash("sha256").update(pubKey).digest().subarray(0, 20),
        pubKey,
        votingPower: BigInt(v.tokens || "0") / POWER_REDUCTION,
        proposerPriority: 0n,
      });
    }
    key = decoded.pagination?.nextKey;
    if (!key || key.length === 0) break;
  }
  return out.sort(byCometOrder);
}
