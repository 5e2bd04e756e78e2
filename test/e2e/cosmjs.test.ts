import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { GasPrice, SigningStargateClient } from "@cosmjs/stargate";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { waitForHeight } from "../../src/cli/localnet";
import { startLocalnet } from "./helpers";

describe("cosmjs SigningStargateClient against a real CometBFT node", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let client: SigningStargateClient;

  beforeAll(async () => {
    net = await startLocalnet({ validators: 1, basePort: 20657 });
    await waitForHeight(net.nodes[0].rpcUrl, 2);
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(DEV_FAUCET_MNEMONIC, { prefix: "yml" });
    expect((await wallet.getAccounts())[0].address).toBe(DEV_FAUCET_ADDRESS);
    client = await SigningStargateClient.connectWithSigner(net.nodes[0].rpcUrl, wallet, { gasPrice: GasPrice.fromString("0.025uyml") });
  });

  afterAll(async () => {
    client?.disconnect();
    await net?.cleanup();
  });

  it("reads the chain id and the faucet's genesis account", async () => {
    expect(await client.getChainId()).toBe("localnet");
    const faucet = await client.getAccount(DEV_FAUCET_ADDRESS);
    // Account 0 is the DEV-ONLY foundation's group policy, which `init` writes before the faucet is funded.
    expect(faucet).toMatchObject({ address: DEV_FAUCET_ADDRESS, accountNumber: 1n, sequence: 0, pubkey: null });
  });

  it("returns null for an account that does not exist", async () => {
    const [stranger] = await (await DirectSecp256k1HdWallet.generate(12, { prefix: "yml" })).getAccounts();
    expect(await client.getAccount(stranger.address)).toBeNull();
    expect(await client.getBalance(stranger.address, "uyml")).toEqual({ denom: "uyml", amount: "0" });
  });

  it("sends with fee auto (simulate), then finds the tx by hash and by event", async () => {
    const [recipient] = await (await DirectSecp256k1HdWallet.generate(12, { prefix: "yml" })).getAccounts();
    const before = BigInt((await client.getBalance(DEV_FAUCET_ADDRESS, "uyml")).amount);

    const res = await client.sendTokens(DEV_FAUCET_ADDRESS, recipient.address, [{ denom: "uyml", amount: "12345" }], "auto", "e2e");
    expect(res.code).toBe(0);
    expect(res.gasUsed).toBeGreaterThan(0n);
    expect(res.gasWanted).toBeGreaterThan(res.gasUsed);
    expect(res.msgResponses.map((m) => m.typeUrl)).toEqual(["/cosmos.bank.v1beta1.MsgSendResponse"]);

    const byHash = await client.getTx(res.transactionHash);
    expect(byHash).toMatchObject({
      hash: res.transactionHash,
      height: res.height,
      code: 0,
      gasUsed: res.gasUsed,
      gasWanted: res.gasWanted,
    });

    const found = await client.searchTx([{ key: "message.sender", value: DEV_FAUCET_ADDRESS }]);
    expect(found.map((t) => t.hash)).toContain(res.transactionHash);
    const byRecipient = await client.searchTx([{ key: "transfer.recipient", value: recipient.address }]);
    expect(byRecipient.map((t) => t.hash)).toEqual([res.transactionHash]);

    expect(await client.getBalance(recipient.address, "uyml")).toEqual({ denom: "uyml", amount: "12345" });
    const fee = (res.gasWanted * 25n + 999n) / 1000n; // ceil(gas x 0.025), as cosmjs computes it
    expect(BigInt((await client.getBalance(DEV_FAUCET_ADDRESS, "uyml")).amount)).toBe(before - 12345n - fee);

    const faucet = await client.getAccount(DEV_FAUCET_ADDRESS);
    expect(faucet?.sequence).toBe(1);
    expect(faucet?.pubkey?.type).toBe("tendermint/PubKeySecp256k1");
    const created = await client.getAccount(recipient.address);
    expect(created).toMatchObject({ address: recipient.address, sequence: 0, pubkey: null });
    expect(created!.accountNumber).toBeGreaterThan(0n);
  });
});
