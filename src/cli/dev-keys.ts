/**
 * DEV-ONLY mnemonic of the faucet account funded by `blockchaind start --dev` and the
 * localnet. It is published in this repository: anything it holds on a real network is lost.
 * Address (coin type 118, m/44'/118'/0'/0/0, prefix "yml"): DEV_FAUCET_ADDRESS.
 */
export const DEV_FAUCET_MNEMONIC =
  "forum monster dilemma nephew repeat reason drastic real pink hobby spend fabric foot define gloom biology absent blind attitude general minimum degree inner chimney";

export const DEV_FAUCET_ADDRESS = "yml13e3wgxtspqhsywalww38rje79q4pqrp57gxvep";

export const DEV_DENOM = "uyml";

/** 10^9 YML: enough for any amount of local testing. */
export const DEV_FAUCET_COINS = `1000000000000000${DEV_DENOM}`;

export function devMnemonicWarning(): string {
  return [
    "DEV-ONLY faucet account (never use this mnemonic on a real network; it is public):",
    `  address:  ${DEV_FAUCET_ADDRESS}`,
    `  mnemonic: ${DEV_FAUCET_MNEMONIC}`,
  ].join("\n");
}
