import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import type { Secp256k1Key } from "../../../src/client/signer";
import { moduleAddress } from "../../../src/types/address";
import { DENOM, pack, TestChain } from "../../helpers/chain";
import { moduleKeys } from "../../helpers/module-setup";
import { collection, msg as tok, mustGov, mintedId, shareDenom } from "../../integration/tokenisation/setup";
import { FOUNDATION_CUSTODIAN_NAMES } from "../../helpers/foundation";

export { expectTokError, shareDenom } from "../../integration/tokenisation/setup";
export { foundationAddress, foundationExec } from "../../helpers/foundation";

/** tokenisation's ErrTradingHalted: the error every move of a realised share into a pool or account gets. */
export const ERR_TRADING_HALTED = 13;

export const UNBONDING_SECONDS = 60n;

export const keys = moduleKeys("poison", [
  "owner",
  "minter",
  "mallory",
  "val2",
  "val3",
  "d1",
  "d2",
  "d3",
  "d4",
  "target",
  "ombudsman",
  "frozen",
  "buyer",
]);

export const gov = () => moduleAddress("gov");
export const seatReserve = () => moduleAddress("validatorgov");

export const sendCoins = (from: string, to: string, denom: string, amount: bigint | string) =>
  pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: from, toAddress: to, amount: [{ denom, amount: amount.toString() }] });

/**
 * A chain with tokenisation, two admitted validator operators, a one-minute unbonding and the
 * constitution's enforcement settings (ten-block votes, three-block seizure delay), as
 * enforcement's own integration chain sets them. The recovery destination is the test genesis's
 * foundation group policy (`foundationAddress`); its custodians are funded to pay fees.
 */
export function poisonChain(): Promise<TestChain> {
  return TestChain.create({
    funded: Object.fromEntries(
      [...Object.keys(keys).map((n) => `poison/${n}`), ...FOUNDATION_CUSTODIAN_NAMES].map((n) => [
        n,
        [{ denom: DENOM, amount: "100000000000" }],
      ]),
    ),
    admitValidators: ["poison/val2", "poison/val3"],
    mutateGenesis: (s) => {
      s.staking.params.unbonding_time = `${UNBONDING_SECONDS}s`;
      const inv = s.constitution.invariants;
      inv.enforcement_voting_period_blocks = "10";
      inv.enforcement_provisional_freeze_blocks = "15";
      inv.enforcement_threshold_bps = "6667";
      s.enforcement.params = { ...s.enforcement.params, ombudsman: keys.ombudsman.address, seizure_delay_blocks: "3" };
    },
  });
}

/**
 * Governance creates the collection `id` (unless it exists) whose sales open at once by default
 * (no challenge window, nothing to verify); the minter mints an asset to `owner`, who
 * fractionalises it into `supply` shares. Returns the asset id and its share denom.
 */
export async function shareAsset(
  chain: TestChain,
  id: string,
  opts: { owner?: Secp256k1Key; supply?: string; windowSeconds?: bigint; createCollection?: boolean } = {},
): Promise<{ assetId: bigint; denom: string }> {
  const owner = opts.owner ?? keys.owner;
  if (opts.createCollection !== false) {
    await mustGov(chain, [
      tok.createCollection(collection({ id, authority: keys.minter.address, challengeWindowSeconds: opts.windowSeconds ?? 0n })),
    ]);
  }
  const assetId = mintedId(await chain.mustDeliver(keys.minter, [tok.mint(keys.minter.address, owner.address, id)]));
  await chain.mustDeliver(owner, [tok.fractionalise(owner.address, assetId, opts.supply ?? "100000")]);
  return { assetId, denom: shareDenom(assetId) };
}

/** Anyone (here mallory) reports a sale and finalises it: the asset is realised and its share denom halted. */
export async function realise(chain: TestChain, assetId: bigint, price = 1_000_000n): Promise<void> {
  await chain.mustDeliver(keys.mallory, [tok.report(keys.mallory.address, assetId, price)]);
  await chain.mustDeliver(keys.mallory, [tok.finalise(keys.mallory.address, assetId)]);
}
