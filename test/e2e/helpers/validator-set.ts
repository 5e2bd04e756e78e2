import { readFileSync } from "node:fs";
import { MsgApplyValidator } from "../../../src/gen/blockchain/validatorgov/v1/tx";
import { MsgRatifyAmendment } from "../../../src/gen/blockchain/constitution/v1/tx";
import { MsgOpenCase } from "../../../src/gen/blockchain/enforcement/v1/tx";
import { accAddress, valAddress } from "../../../src/types/address";
import { Registry, type EncodeObject, type OfflineSigner } from "@cosmjs/proto-signing";
import { defaultRegistryTypes, GasPrice, SigningStargateClient, type DeliverTxResponse } from "@cosmjs/stargate";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { homePaths } from "../../../src/cli/home";
import { rpc } from "../../../src/cli/localnet";

/** A node's CometBFT consensus key, read from its priv_validator_key.json as an operator would. */
export interface ConsensusKey {
  /** Upper-case hex, as CometBFT prints validator addresses. */
  address: string;
  /** Base64 ed25519 public key, as CometBFT's RPC shows it. */
  pubKeyBase64: string;
  /** The key as MsgCreateValidator carries it. */
  pubKeyAny: { typeUrl: string; value: Uint8Array };
}

export function consensusKeyOf(home: string): ConsensusKey {
  const file = JSON.parse(readFileSync(homePaths(home).privValidatorKey, "utf8")) as {
    address: string;
    pub_key: { type: string; value: string };
  };
  if (file.pub_key.type !== "tendermint/PubKeyEd25519") throw new Error(`unexpected consensus key type ${file.pub_key.type}`);
  const key = Buffer.from(file.pub_key.value, "base64");
  return {
    address: file.address.toUpperCase(),
    pubKeyBase64: file.pub_key.value,
    pubKeyAny: { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: Ed25519PubKey.encode({ key }).finish() },
  };
}

/** Decimal rates travel as LegacyDec wire integers (18 decimals) in direct-signed txs. */
const decWire = (percent: bigint) => (percent * 10n ** 16n).toString();

/** A cosmjs MsgCreateValidator (10% commission) from `operator` (account form) with consensus key `key`. */
export function createValidatorMsg(operator: string, key: ConsensusKey, moniker: string, selfBond: bigint, minSelfDelegation: bigint) {
  return {
    typeUrl: "/cosmos.staking.v1beta1.MsgCreateValidator",
    value: {
      description: { moniker, identity: "", website: "", securityContact: "", details: "" },
      commission: { rate: decWire(10n), maxRate: decWire(20n), maxChangeRate: decWire(1n) },
      minSelfDelegation: minSelfDelegation.toString(),
      delegatorAddress: operator,
      validatorAddress: valAddress.encode(accAddress.decode(operator)),
      pubkey: key.pubKeyAny,
      value: { denom: "uyml", amount: selfBond.toString() },
    },
  };
}

/** cosmjs's default message types (bank, staking, gov, ...) plus slashing's MsgUnjail, which it lacks, and the chain messages the e2e tests sign. */
export function chainRegistry(): Registry {
  return new Registry([
    ...defaultRegistryTypes,
    ["/cosmos.slashing.v1beta1.MsgUnjail", MsgUnjail],
    ["/blockchain.validatorgov.v1.MsgApplyValidator", MsgApplyValidator],
    ["/blockchain.constitution.v1.MsgRatifyAmendment", MsgRatifyAmendment],
    ["/blockchain.enforcement.v1.MsgOpenCase", MsgOpenCase],
  ]);
}

export function signingClient(url: string, signer: OfflineSigner): Promise<SigningStargateClient> {
  // Blocks come every second or so on the localnet; cosmjs's default 3 s inclusion poll would dominate the run.
  return SigningStargateClient.connectWithSigner(url, signer, {
    registry: chainRegistry(),
    gasPrice: GasPrice.fromString("0.025uyml"),
    broadcastPollIntervalMs: 300,
    broadcastTimeoutMs: 30_000,
  });
}

/** Signs, broadcasts and waits for inclusion; a failed tx fails the test with its log. */
export async function mustDeliver(
  client: SigningStargateClient,
  signer: string,
  msgs: EncodeObject[],
  memo = "",
): Promise<DeliverTxResponse> {
  const res = await client.signAndBroadcast(signer, msgs, "auto", memo);
  if (res.code !== 0) throw new Error(`tx ${res.transactionHash} failed with code ${res.code}: ${res.rawLog ?? ""}`);
  return res;
}

interface CometValidator {
  address: string;
  pub_key: { type: string; value: string };
  voting_power: string;
}

/** CometBFT's validator set at `height` (latest when omitted), address to voting power. */
export async function cometPowers(url: string, height?: number): Promise<Map<string, bigint>> {
  const params: Record<string, string> = { per_page: "100" };
  if (height !== undefined) params.height = String(height);
  const res = await rpc<{ validators: CometValidator[] }>(url, "validators", params);
  return new Map(res.validators.map((v) => [v.address.toUpperCase(), BigInt(v.voting_power)]));
}

async function poll<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const found = await probe();
      if (found !== undefined) return found;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits until CometBFT's current set gives `address` exactly `power` (0: not in the set); returns that height. */
export async function waitForCometPower(url: string, address: string, power: bigint, timeoutMs = 30_000): Promise<number> {
  return poll(`${address} at power ${power} in ${url}/validators`, timeoutMs, async () => {
    const status = await rpc<{ sync_info: { latest_block_height: string } }>(url, "status");
    const height = Number(status.sync_info.latest_block_height);
    const powers = await cometPowers(url, height);
    return (powers.get(address) ?? 0n) === power ? height : undefined;
  });
}

/** Validator addresses whose commit signatures for block `height` are in the next block's last_commit. */
export async function commitSigners(url: string, height: number): Promise<string[]> {
  const res = await rpc<{ signed_header: { commit: { signatures: Array<{ block_id_flag: number; validator_address: string }> } } }>(
    url,
    "commit",
    { height: String(height) },
  );
  // block_id_flag 2 = BlockIDFlagCommit: a precommit for the block itself.
  return res.signed_header.commit.signatures.filter((s) => s.block_id_flag === 2).map((s) => s.validator_address.toUpperCase());
}

/** Waits for a block from `fromHeight` on whose commit `address` signed; returns its height. */
export async function waitForSignedBlock(url: string, address: string, fromHeight: number, timeoutMs = 30_000): Promise<number> {
  let next = fromHeight;
  return poll(`a block signed by ${address}`, timeoutMs, async () => {
    const latest = Number((await rpc<{ sync_info: { latest_block_height: string } }>(url, "status")).sync_info.latest_block_height);
    // The commit for the latest block may not be canonical yet; stop one short.
    for (; next < latest; next++) if ((await commitSigners(url, next)).includes(address)) return next;
    return undefined;
  });
}

/** The validator updates the app returned from FinalizeBlock at `height`, as ed25519 key (base64) to power. */
export async function validatorUpdatesAt(url: string, height: number): Promise<Map<string, bigint>> {
  const res = await rpc<{ validator_updates: Array<{ pub_key: unknown; power?: string }> | null }>(url, "block_results", {
    height: String(height),
  });
  const out = new Map<string, bigint>();
  for (const u of res.validator_updates ?? []) out.set(ed25519Of(u.pub_key), BigInt(u.power ?? "0"));
  return out;
}

/** CometBFT encodes an update's key as a proto oneof; find the ed25519 bytes wherever this version puts them. */
function ed25519Of(pubKey: unknown): string {
  const seen: unknown[] = [pubKey];
  while (seen.length > 0) {
    const v = seen.pop();
    if (v && typeof v === "object") {
      const typed = v as { type?: unknown; value?: unknown };
      if (typeof typed.type === "string" && /ed25519/i.test(typed.type) && typeof typed.value === "string") return typed.value;
      for (const [k, inner] of Object.entries(v)) {
        if (k === "ed25519" && typeof inner === "string") return inner;
        seen.push(inner);
      }
    }
  }
  throw new Error(`no ed25519 key in validator update ${JSON.stringify(pubKey)}`);
}

/** A query through CometBFT's abci_query, as cosmjs's QueryClient sends it. */
export async function abciQuery<Req, Res>(
  url: string,
  path: string,
  req: { encode(m: Req): { finish(): Uint8Array } },
  request: Req,
  res: { decode(b: Uint8Array): Res },
): Promise<Res> {
  const data = Buffer.from(req.encode(request).finish()).toString("hex");
  const out = await rpc<{ response: { code: number; log: string; value: string | null } }>(url, "abci_query", {
    path: `"${path}"`,
    data: `0x${data}`,
  });
  if (out.response.code !== 0) throw new Error(`${path}: ${out.response.log}`);
  return res.decode(Buffer.from(out.response.value ?? "", "base64"));
}
