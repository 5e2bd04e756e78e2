import { Params } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import { decFromString, decToWire } from "../../types/dec";

const utf8 = new TextEncoder();

/** A LegacyDec in a `bytes` field (gogoproto customtype): the wire-form integer's text. */
export function decBytes(text: string): Uint8Array {
  return utf8.encode(decToWire(decFromString(text)));
}

/**
 * The SDK's defaults. This chain does not slash or jail for downtime or double signing; the
 * parameters are kept so clients reading them see the usual shape.
 */
export function defaultSlashingParams(): Params {
  return Params.fromPartial({
    signedBlocksWindow: 100n,
    minSignedPerWindow: decBytes("0.5"),
    downtimeJailDuration: { seconds: 600n, nanos: 0 },
    slashFractionDoubleSign: decBytes("0.05"),
    slashFractionDowntime: decBytes("0.01"),
  });
}
