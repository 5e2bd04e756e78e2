import { AppError, sdkErrors } from "../types/errors";
import type { MsgDef } from "../types/module";
import { protoRegistry } from "../codec/proto-registry";
import { canonicaliseAddresses } from "../codec/canonical-addresses";

/**
 * A message's stateless validation (ValidateBasic), after its addresses are made canonical,
 * run by the tx decoder, the router (gov, authz, group) and the CLI alike. A refusal names the field it concerns, driven by the
 * message descriptor's field names, for every module: a malformed address in `recipient` reads
 * "invalid recipient address: …", a bad `amount` of MsgMintCoin "invalid mint amount: …". The
 * code and codespace stay the validation's own. Returns what the handler receives as `parsed`:
 * the validation's parsed form, or the message itself.
 */
export function validateMsg(def: MsgDef, msg: unknown): unknown {
  // Before anything reads the message: its addresses in their one canonical spelling.
  canonicaliseAddresses(def.typeUrl, msg);
  if (!def.validate) return msg;
  try {
    return def.validate(msg) ?? msg;
  } catch (e) {
    throw e instanceof AppError ? nameField(def, msg, e) : e;
  }
}

/**
 * Finds the field a refusal concerns: validation is stateless and deterministic, so running it
 * again over a view that records field reads shows the field read last before it threw. Only
 * the refusal path pays for this.
 */
function nameField(def: MsgDef, msg: unknown, err: AppError): AppError {
  if (typeof msg !== "object" || msg === null) return err;
  let last: string | undefined;
  const view = new Proxy(msg, {
    get(target, key, receiver) {
      if (typeof key === "string") last = key;
      return Reflect.get(target, key, receiver);
    },
  });
  try {
    def.validate!(view);
    return err;
  } catch (again) {
    if (!(again instanceof AppError) || again.code !== err.code || again.codespace !== err.codespace) return err;
  }
  if (last === undefined || typeof (msg as Record<string, unknown>)[last] !== "string") return err;
  const label = fieldLabel(def.typeUrl, last, err);
  if (label === undefined || err.message.includes(`invalid ${label}`)) return err;
  return new AppError(err.codespace, err.code, `invalid ${label}: ${err.message}`, err.grpcCode);
}

/** How a refusal names a string field: "<field> address" for addresses, "<action> amount" for `amount`. */
export function fieldLabel(typeUrl: string, key: string, err: AppError): string | undefined {
  const desc = protoRegistry().getMessage(typeUrl.replace(/^\//, ""));
  const flat = key.toLowerCase();
  const field = desc?.fields.find((f) => f.name.replace(/_/g, "").toLowerCase() === flat);
  if (!desc || !field) return undefined;
  const words = field.name.replace(/_/g, " ");
  if (sdkErrors.ErrInvalidAddress.is(err)) return /(^| )address$/.test(words) ? words : `${words} address`;
  if (field.name === "amount") {
    // The action of the message: MsgMintCoin → "mint", MsgSendPayment → "send".
    const action = /^Msg([A-Z][a-z0-9]*)/.exec(desc.name)?.[1];
    return action ? `${action.toLowerCase()} amount` : words;
  }
  if (field.name.endsWith("_amount")) return words;
  return undefined;
}
