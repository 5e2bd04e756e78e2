import { Params } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import { DEC_ONE, decFromInt, decFromWire, decMul, decFromString, decToWire, type Dec } from "../../types/dec";
import { sdkErrors } from "../../types/errors";
import { durationNanos } from "../../types/time";

const utf8 = new TextEncoder();
const utf8d = new TextDecoder();

/** A LegacyDec in a `bytes` field (gogoproto customtype): the wire-form integer's text. */
export function decBytes(text: string): Uint8Array {
  return utf8.encode(decToWire(decFromString(text)));
}

/** The Dec a `bytes` LegacyDec field holds (empty reads as zero, as gogoproto's LegacyDec does). */
export function decOfBytes(bytes: Uint8Array, what: string): Dec {
  if (bytes.length === 0) return 0n;
  try {
    return decFromWire(utf8d.decode(bytes), what);
  } catch {
    throw sdkErrors.ErrInvalidRequest.wrap(`invalid ${what}`);
  }
}

/** The SDK's x/slashing defaults (types/params.go). */
export function defaultSlashingParams(): Params {
  return Params.fromPartial({
    signedBlocksWindow: 100n,
    minSignedPerWindow: decBytes("0.5"),
    downtimeJailDuration: { seconds: 600n, nanos: 0 },
    slashFractionDoubleSign: decBytes("0.05"),
    slashFractionDowntime: decBytes("0.01"),
  });
}

function fraction(bytes: Uint8Array, what: string): void {
  const d = decOfBytes(bytes, what);
  if (d < 0n) throw sdkErrors.ErrInvalidRequest.wrap(`${what} cannot be negative: ${decToWire(d)}`);
  if (d > DEC_ONE) throw sdkErrors.ErrInvalidRequest.wrap(`${what} too large: ${decToWire(d)}`);
}

/** Params.Validate of the SDK, with its messages. */
export function validateSlashingParams(p: Params): Params {
  if (p.signedBlocksWindow <= 0n) throw sdkErrors.ErrInvalidRequest.wrap(`signed blocks window must be positive: ${p.signedBlocksWindow}`);
  fraction(p.minSignedPerWindow, "min signed per window");
  if (durationNanos(p.downtimeJailDuration) <= 0n) throw sdkErrors.ErrInvalidRequest.wrap("downtime jail duration must be positive");
  fraction(p.slashFractionDoubleSign, "double sign slash fraction");
  fraction(p.slashFractionDowntime, "downtime slash fraction");
  return p;
}

/** MinSignedPerWindowInt: window × min_signed_per_window, rounded half to even (LegacyDec.RoundInt64). */
export function minSignedPerWindowInt(p: Params): bigint {
  const product = decMul(decFromInt(p.signedBlocksWindow), decOfBytes(p.minSignedPerWindow, "min signed per window"));
  const q = product / DEC_ONE;
  const r = product % DEC_ONE;
  const half = DEC_ONE / 2n;
  return r > half || (r === half && q % 2n === 1n) ? q + 1n : q;
}
