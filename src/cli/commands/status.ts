import { Command } from "commander";
import { addClientOptions, clientContext, type ClientOptions } from "../client/context";
import { action, print } from "../client/output";

/** `status`: the node's chain id, latest height and app hash, and whether it is catching up. */
export function statusCommand(): Command {
  const cmd = new Command("status").description("node status: chain id, latest block height, hash and app hash, catching_up");
  return addClientOptions(cmd, { output: "json", keyring: false }).action(
    action(async (o: ClientOptions) => {
      const ctx = clientContext(o);
      print(await ctx.node().status(), ctx.output);
    }),
  );
}
