/*
 * Vectors printed by a throwaway Go program built against ibc-go v10.7.0
 * (modules/apps/transfer/types and modules/core/04-channel/types, Go 1.26): Denom /
 * ExtractDenomFromPath / IBCDenom, GetEscrowAddress, FungibleTokenPacketData.GetBytes,
 * channeltypes.NewResultAcknowledgement / NewErrorAcknowledgement(...).Acknowledgement(),
 * UnmarshalPacketData(bz, "ics20-1", "") and MsgTransfer.ValidateBasic, with error outcomes
 * reported as errorsmod.ABCIInfo's codespace/code.
 */

export const MAX_UINT256 = "115792089237316195423570985008687907853269984665640564039457584007913129639935";

/** path → [base, hops, IBCDenom(), Validate() outcome] */
export const DENOMS: [string, string, string[], string, string][] = [
  ["uatom", "uatom", [], "uatom", "ok"],
  [
    "transfer/channel-0/uatom",
    "uatom",
    ["transfer/channel-0"],
    "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2",
    "ok",
  ],
  [
    "transfer/channel-7/transfer/channel-1/uatom",
    "uatom",
    ["transfer/channel-7", "transfer/channel-1"],
    "ibc/32E6E99ED8188BFCF44488377EFBA0775E13D8148C6FA1298F5041ED086849D3",
    "ok",
  ],
  [
    "transfer/channel-0/gamm/pool/1",
    "gamm/pool/1",
    ["transfer/channel-0"],
    "ibc/7F41B447119AF42B316F512BBF08CA43922D509703887AEFD9F02BBE7CC92B18",
    "ok",
  ],
  [
    "transfer/07-tendermint-0/uatom",
    "uatom",
    ["transfer/07-tendermint-0"],
    "ibc/AA94CCB258D1D17591544A8EDE1CE39BBD53000D07B4289572F216A602ED1858",
    "ok",
  ],
  ["transfer/channel-0", "transfer/channel-0", [], "transfer/channel-0", "ok"],
  ["transfer/channel-0/", "", ["transfer/channel-0"], "ibc/AC64FD65731C63C968A7BB1E711DB157BE85F7538F128FDA3363EDDD170FABF1", "transfer/3"],
  ["a/b/c", "a/b/c", [], "a/b/c", "ok"],
  [
    "transfer/channel-01/uatom",
    "uatom",
    ["transfer/channel-01"],
    "ibc/1A6AFB99F14C9F486CFDD94B61EDCF750631EE80030C41425AA4EB137A72C30E",
    "ok",
  ],
  ["transfer//uatom", "transfer//uatom", [], "transfer//uatom", "ok"],
  [
    "transfer/channel-0/transfer/foo/uatom",
    "transfer/foo/uatom",
    ["transfer/channel-0"],
    "ibc/5E964C92F17633072CB8713E7FF4ACCD49DECC25EA68B5DFFE16AFE2E95BB542",
    "ok",
  ],
  [
    "transfer/09-localhost/uatom",
    "uatom",
    ["transfer/09-localhost"],
    "ibc/296DD9602F3C17072DC1CFFC7AEF9361681AFF8395B1FF65A20D7767FFDCF15D",
    "ok",
  ],
  [
    "x/channel-1/transfer/channel-2/ibc/ABC",
    "ibc/ABC",
    ["x/channel-1", "transfer/channel-2"],
    "ibc/45A2A9AFA3AF29B8832C3E0597226D2501DBEB417DC22747EFC43C60A799CE94",
    "host/2",
  ],
  [
    "transfer/channel-18446744073709551616/uatom",
    "transfer/channel-18446744073709551616/uatom",
    [],
    "transfer/channel-18446744073709551616/uatom",
    "ok",
  ],
  [
    "transfer/channel-0/ ",
    " ",
    ["transfer/channel-0"],
    "ibc/7A8ECF091709E33B28C6348854CD503A8190A73F25CEA099FAD51C02DDD40E25",
    "transfer/3",
  ],
];

/** channel on port "transfer" → [address hex, bech32 with the "cosmos" prefix] */
export const ESCROWS: [string, string, string][] = [
  ["channel-0", "ed23c6f4443f49c4b08f856350a5d2c65a203235", "cosmos1a53udazy8ayufvy0s434pfwjcedzqv34kvz9tw"],
  ["channel-7", "1f95a20fb1cf30b61540024d7ad0c25e5c80a812", "cosmos1r726yra3euctv92qqfxh45xztewgp2qj5ym6h9"],
  ["channel-141", "352bf5cc8839ecfccb763916e1ddb1faf67a9b37", "cosmos1x54ltnyg88k0ejmk8ytwrhd3ltm84xehrnlslf"],
];

/** [denom, amount, sender, receiver, memo] → GetBytes() as hex */
export const PACKET_BYTES: [[string, string, string, string, string], string][] = [
  [
    ["uatom", "100", "cosmos1sender", "yml1receiver", ""],
    "7b2264656e6f6d223a227561746f6d222c22616d6f756e74223a22313030222c2273656e646572223a22636f736d6f733173656e646572222c227265636569766572223a22796d6c317265636569766572227d",
  ],
  [
    ["transfer/channel-0/uatom", "1", "a", "b", "hello"],
    "7b2264656e6f6d223a227472616e736665722f6368616e6e656c2d302f7561746f6d222c22616d6f756e74223a2231222c2273656e646572223a2261222c227265636569766572223a2262222c226d656d6f223a2268656c6c6f227d",
  ],
  [
    ["stake", "5", "s", "r", 'héllo 🌍 <tag> & \u2028 "q" \\ \n\t\x01\x7f'],
    "7b2264656e6f6d223a227374616b65222c22616d6f756e74223a2235222c2273656e646572223a2273222c227265636569766572223a2272222c226d656d6f223a2268c3a96c6c6f20f09f8c8d205c75303033637461675c7530303365205c7530303236205c7532303238205c22715c22205c5c205c6e5c745c75303030317f227d",
  ],
  [
    ["stake", MAX_UINT256, "s", "r", '{"wasm":{"contract":"x"}}'],
    "7b2264656e6f6d223a227374616b65222c22616d6f756e74223a22313135373932303839323337333136313935343233353730393835303038363837393037383533323639393834363635363430353634303339343537353834303037393133313239363339393335222c2273656e646572223a2273222c227265636569766572223a2272222c226d656d6f223a227b5c227761736d5c223a7b5c22636f6e74726163745c223a5c22785c227d7d227d",
  ],
  [["", "", "", "", ""], "7b7d"],
];

/** The acknowledgement bytes (as text): success, then errors with ABCI codes 5, 12, 1 (an unregistered error), 8, 3. */
export const ACKS = {
  success: '{"result":"AQ=="}',
  errors: [
    [5, '{"error":"ABCI code: 5: error handling packet: see events for details"}'],
    [12, '{"error":"ABCI code: 12: error handling packet: see events for details"}'],
    [1, '{"error":"ABCI code: 1: error handling packet: see events for details"}'],
    [8, '{"error":"ABCI code: 8: error handling packet: see events for details"}'],
    [3, '{"error":"ABCI code: 3: error handling packet: see events for details"}'],
  ] as [number, string][],
};

const P = (rest: string): string => `{"denom":"uatom","amount":"1","sender":"s","receiver":"r"${rest}}`;
const A = (amount: string): string => `{"denom":"uatom","amount":"${amount}","sender":"s","receiver":"r"}`;

/**
 * Packet data bytes (given as text; "\xNN" escapes in `bytes` entries are raw bytes) →
 * UnmarshalPacketData outcome: the error's codespace/code, or the decoded fields.
 */
export type Decoded = { base: string; trace: string[]; amount: string; sender: string; receiver: string; memo: string };
export const UNMARSHAL: [string | Uint8Array, string | Decoded][] = [
  [A("100"), { base: "uatom", trace: [], amount: "100", sender: "s", receiver: "r", memo: "" }],
  [
    '{"DENOM":"uatom","Amount":"100","SENDER":"s","receiver":"r","memo":"m"}',
    { base: "uatom", trace: [], amount: "100", sender: "s", receiver: "r", memo: "m" },
  ],
  [
    '{"denom":"a","amount":"1","sender":"s","receiver":"r","denom":"uatom","DENOM":"b"}',
    { base: "b", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" },
  ],
  [
    '{"denom":"a","DENOM":"b","denom":"uatom","amount":"1","sender":"s","receiver":"r"}',
    { base: "uatom", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" },
  ],
  ['{"denom":"uatom","amount":100,"sender":"s","receiver":"r"}', "ibc/12"],
  [A("0x10"), { base: "uatom", trace: [], amount: "0x10", sender: "s", receiver: "r", memo: "" }],
  [A("1_000"), { base: "uatom", trace: [], amount: "1_000", sender: "s", receiver: "r", memo: "" }],
  [A("+5"), { base: "uatom", trace: [], amount: "+5", sender: "s", receiver: "r", memo: "" }],
  [A("-5"), "transfer/5"],
  [A("0"), "transfer/5"],
  [A("007"), { base: "uatom", trace: [], amount: "007", sender: "s", receiver: "r", memo: "" }],
  [A("0b11"), { base: "uatom", trace: [], amount: "0b11", sender: "s", receiver: "r", memo: "" }],
  [A("0o17"), { base: "uatom", trace: [], amount: "0o17", sender: "s", receiver: "r", memo: "" }],
  [A(" 5"), "transfer/5"],
  [A(MAX_UINT256), { base: "uatom", trace: [], amount: MAX_UINT256, sender: "s", receiver: "r", memo: "" }],
  [A("115792089237316195423570985008687907853269984665640564039457584007913129639936"), "transfer/5"],
  ['{"denom":"uatom","amount":"1","sender":" ","receiver":"r"}', "ibc/5"],
  ['{"denom":" ","amount":"1","sender":"s","receiver":"r"}', "transfer/3"],
  ['{"denom":"transfer/channel-0/ ","amount":"1","sender":"s","receiver":"r"}', "transfer/3"],
  [P(',"extra":{"a":[1,2]}'), "ibc/12"],
  [P(',"extra":"x"'), "ibc/12"],
  [P(',"extra":null'), "ibc/12"],
  [P(',"denom_x":"y"'), "ibc/12"],
  [P(',"memo":null'), { base: "uatom", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" }],
  [P("") + " ", { base: "uatom", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" }],
  [P("") + "x", "ibc/12"],
  ["null", "ibc/12"],
  ["[]", "ibc/12"],
  ['"x"', "ibc/12"],
  ["{}", "transfer/5"],
  [P(","), "ibc/12"],
  [
    '{"denom":"\\ud800x","amount":"1","sender":"s","receiver":"r"}',
    { base: "\ufffdx", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" },
  ],
  [
    '{"denom":"u\\u0041tom\\ud83c\\udf0d","amount":"1","sender":"s","receiver":"r"}',
    { base: "uAtom🌍", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" },
  ],
  [
    bytes('{"denom":"ua\\xfftom","amount":"1","sender":"s","receiver":"r"}'),
    { base: "ua\ufffdtom", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" },
  ],
  [
    bytes('{"denom":"ua\\xe2\\x82tom","amount":"1","sender":"s","receiver":"r"}'),
    { base: "ua\ufffd\ufffdtom", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" },
  ],
  [
    '{"denom":"uatom","amount":"1","\u017fender":"s","receiver":"r"}',
    { base: "uatom", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" },
  ],
  [P(',"memo":"x","\u212aey":1'), "ibc/12"],
  [P(',"memo":1'), "ibc/12"],
  [P(',"memo":"x","Memo":"y"'), { base: "uatom", trace: [], amount: "1", sender: "s", receiver: "r", memo: "y" }],
  [
    '{"denom":"transfer/channel-0/uatom","amount":"1","sender":"s","receiver":"r"}',
    { base: "uatom", trace: ["transfer/channel-0"], amount: "1", sender: "s", receiver: "r", memo: "" },
  ],
  [
    '{"denom":"transfer/channel-0","amount":"1","sender":"s","receiver":"r"}',
    { base: "transfer/channel-0", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" },
  ],
  ['{"denom":"tr@nsfer/channel-0/uatom","amount":"1","sender":"s","receiver":"r"}', "host/2"],
  [A("1e3"), "transfer/5"],
  [P("") + "{}", "ibc/12"],
  [" " + P(""), { base: "uatom", trace: [], amount: "1", sender: "s", receiver: "r", memo: "" }],
  [P(',"x":01'), "ibc/12"],
];

/** Text with "\xNN" escapes → bytes (for packets that are not valid UTF-8). */
function bytes(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith("\\x", i)) {
      out.push(parseInt(text.slice(i + 2, i + 4), 16));
      i += 3;
    } else out.push(...new TextEncoder().encode(text[i]!));
  }
  return Uint8Array.from(out);
}

/** MsgTransfer [port, channel, denom, amount, sender, receiver] → ValidateBasic outcome (timeouts 0/1 either way). */
export const MSG_TRANSFER: [[string, string, string, string, string, string], string][] = [
  [["transfer", "channel-0", "uatom", "1", "s", "r"], "ok"],
  [["transfer", "channel-0", "uatom", "0", "s", "r"], "ibc/6"],
  [["transfer", "channel-0", "ibc/ABC", "1", "s", "r"], "ibc/6"],
  [["transfer", "channel-0", `ibc/${"00".repeat(32)}`, "1", "s", "r"], "ok"],
  [["transfer", "channel-0", "ibc", "1", "s", "r"], "ibc/6"],
  [["transfer", "channel-0", "gamm/pool/1", "1", "s", "r"], "ok"],
  [["transfer", "chan", "uatom", "1", "s", "r"], "host/2"],
  [["t", "channel-0", "uatom", "1", "s", "r"], "host/2"],
  [["transfer", "07-tendermint-0", "uatom", "1", "s", "r"], "ok"],
  [["transfer", "channel-0", "uatom", "1", " ", "r"], "ibc/5"],
  [["transfer", "channel-0", "uatom", "1", "s", ""], "ibc/5"],
  [["transfer", "channel-0", "uatom", "-1", "s", "r"], "ibc/6"],
  [["transfer", "channel-0", "Uatom", "1", "s", "r"], "ok"],
  [["transfer", "channel-0", `IBC/${"00".repeat(32)}`, "1", "s", "r"], "ok"],
  [["transfer", "channel-0", `ibc/${"00".repeat(31)}`, "1", "s", "r"], "ibc/6"],
  [["transfer", "channel-0", "ibc/", "1", "s", "r"], "ibc/6"],
];
