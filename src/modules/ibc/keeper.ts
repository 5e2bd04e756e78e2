/**
 * IBC core's keeper. Its state is the `ibc` store at ICS-24 paths (store.ts), not typed
 * collections; each ICS concern is a class over that store (clients so far; connections and
 * channels next).
 */
import { ChannelKeeper } from "./channels";
import { ClientKeeper } from "./clients";
import { ConnectionKeeper } from "./connections";
import { PortRouter } from "./ports";

export const IBC_MODULE = "ibc";

export class IbcKeeper {
  readonly clients = new ClientKeeper();
  /** ICS-03 (before channels, which verify through it). */
  readonly connections = new ConnectionKeeper(this.clients);
  /** ICS-05: applications bind their ports here at app construction. */
  readonly ports = new PortRouter();
  readonly channels = new ChannelKeeper(this);
}
