import type { FoundationSpec } from "../../app/foundation-genesis";

/** HD path of dev foundation custodian `i` under the dev mnemonic (the faucet is index 0, localnet operators 1..). */
export const devCustodianPath = (i: number) => `m/44'/118'/0'/0/${100 + i}`;

/**
 * DEV-ONLY custodians of the foundation's group on dev chains, localnets and a plain `init`:
 * the published DEV_FAUCET_MNEMONIC at devCustodianPath(0..4). Anyone can sign for them, so
 * anything seized to their group on a real network is lost.
 */
export const DEV_FOUNDATION_CUSTODIANS: readonly string[] = [
  "yml13rjdpx24ayl24m7fs5syxk0prkkean8na3z8kl",
  "yml1w786chm9z6ckmjuz5pgwyqem0rux5yrp5ta2yd",
  "yml1skhhq5knt26mwjtjsc04evcqnudag8usn8sxdp",
  "yml1q0da3pv0vellqpa7mc4g6ll5tnxfhqlgnr9m6r",
  "yml1524ncvt4rq0mvyt04za94pfqmpnrhwhu65cy2r",
];

/** Three of the five dev custodians sign, as the default constitution asks. */
export function devFoundation(createdAt: string): FoundationSpec {
  return { custodians: DEV_FOUNDATION_CUSTODIANS, threshold: 3, createdAt };
}

export function devFoundationWarning(): string {
  return [
    "DEV-ONLY foundation custodians (the recovery destination's group; never use on a real network):",
    `  mnemonic: the faucet's, HD paths ${devCustodianPath(0)} .. ${devCustodianPath(DEV_FOUNDATION_CUSTODIANS.length - 1)}`,
    "  pass --foundation-custodians addr1,addr2,... to name real custodians",
  ].join("\n");
}
