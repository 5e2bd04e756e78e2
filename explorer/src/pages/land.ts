import { eventsOf, listIn, maybe, q, searchTxs } from "../api";
import { badge, h, section, table, type Child } from "../dom";
import { accountLink, blockLink, enumText } from "../format";
import type { Page } from "../router";

type Rec = Record<string, unknown>;

/** A transfer's place in the pipeline: proposed → validated → quorum → completed (or objected). */
function pipeline(t: Rec): Child {
  const objected = Boolean(t.objected_by);
  const steps: [string, boolean][] = [
    ["proposed", true],
    ["validated", Boolean(t.validated)],
    ["attestation quorum", Number(t.quorum_at ?? 0) > 0],
    ["completed", Number(t.completed_at ?? 0) > 0],
  ];
  return h(
    "ol",
    { class: "pipeline", "aria-label": "Transfer pipeline" },
    steps.map(([name, done]) => h("li", { class: done ? "done" : "todo" }, `${done ? "✓" : "○"} ${name}`)),
    objected ? h("li", { class: "objected" }, `✗ objected: ${String(t.objection_reason ?? "")}`) : null,
  );
}

export const landPage: Page = async () => {
  const registered = await searchTxs("message.action='/blockchain.land.v1.MsgRegisterParcel'", 100);
  const ids = [...new Set(eventsOf(registered, "land_parcel_registered").map((e) => e.parcel_id))];
  const parcels = await Promise.all(
    ids.map(async (id) => {
      const [p, transfers] = await Promise.all([
        maybe<{ parcel: Rec }>(`blockchain/land/v1/parcel/${q(id)}`),
        maybe(`blockchain/land/v1/transfers_by_parcel/${q(id)}?pagination.limit=50`),
      ]);
      return { id, parcel: p?.parcel, transfers: listIn(transfers) };
    }),
  );
  const pending = listIn(await maybe("blockchain/land/v1/pending_transfers?pagination.limit=100"));
  return {
    title: "Land parcels",
    content: [
      section(
        "Parcels",
        table(
          "Registered parcels",
          ["Parcel", "Cadastral reference", "Holder", "Authority", "Status", "Registered at height", "Encumbrances"],
          parcels.flatMap(({ id, parcel }) =>
            parcel
              ? [
                  [
                    id,
                    String(parcel.cadastral_ref ?? ""),
                    accountLink(String(parcel.holder)),
                    accountLink(String(parcel.authority)),
                    enumText(parcel.status, "STATUS_"),
                    blockLink(String(parcel.registered_at)),
                    String((parcel.encumbrances as unknown[] | undefined)?.length ?? 0),
                  ],
                ]
              : [],
          ),
          "No parcels registered yet.",
        ),
      ),
      section(
        "Transfers",
        parcels.every((p) => p.transfers.length === 0)
          ? h("p", null, "No transfers proposed yet.")
          : parcels.map(({ id, transfers }) =>
              transfers.length === 0
                ? null
                : table(
                    `Transfers of parcel ${id}`,
                    ["Transfer", "From", "To", "Price", "Pipeline"],
                    transfers.map((t) => [
                      String(t.id),
                      accountLink(String(t.from)),
                      accountLink(String(t.to)),
                      String(t.price || "—"),
                      pipeline(t),
                    ]),
                  ),
            ),
        h("p", null, "Pending transfers: ", badge(String(pending.length), pending.length ? "warn" : "neutral")),
      ),
    ],
  };
};
