import { createJoinerHome, createLocalnet, DEFAULT_LAYOUT, existingLocalnet, joinerSlot, type LocalnetLayout } from "./layout";
import { LocalnetNode } from "./processes";
import { createLocalnetWithRelease } from "./release";

export * from "./layout";
export * from "./processes";
export * from "./release";

export interface LocalnetOptions extends Partial<Omit<LocalnetLayout, "dir">> {
  dir: string;
  /** Start from new homes even when the directory holds a localnet. */
  reset?: boolean;
  /** Environment for the app process of node i (test hooks). */
  appEnv?: (index: number) => NodeJS.ProcessEnv;
  /** Another release's repository root: it creates the homes and the nodes run it (default: this checkout). */
  codeRoot?: string;
}

/** N validators on loopback: created on first use (or --reset), resumed otherwise. */
export class Localnet {
  /** Full nodes added with addJoiner, in order; not validators unless they become one on chain. */
  readonly joiners: LocalnetNode[] = [];

  private constructor(
    readonly layout: LocalnetLayout,
    readonly nodes: LocalnetNode[],
    readonly created: boolean,
    private readonly appEnv?: (index: number) => NodeJS.ProcessEnv,
  ) {}

  static async prepare(o: LocalnetOptions): Promise<Localnet> {
    const layout: LocalnetLayout = { ...DEFAULT_LAYOUT, ...o, dir: o.dir };
    const created = o.reset || !existingLocalnet(layout.dir, layout.validators);
    if (created && o.codeRoot !== undefined) createLocalnetWithRelease(o.codeRoot, layout);
    else if (created) await createLocalnet(layout);
    const nodes = Array.from({ length: layout.validators }, (_, i) => new LocalnetNode(layout.dir, i, layout.basePort, o.appEnv?.(i)));
    if (o.codeRoot !== undefined) for (const n of nodes) n.codeRoot = o.codeRoot;
    return new Localnet(layout, nodes, created, o.appEnv);
  }

  async start(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.start()));
  }

  /**
   * A new full node (created on first use) that syncs from the validators; started, not yet a
   * validator. `beforeStart` may change its home first (e.g. turn on state sync).
   */
  async addJoiner(o: { beforeStart?: (home: string) => void } = {}): Promise<LocalnetNode> {
    const joiner = this.joiners.length;
    const slot = joinerSlot(this.layout, joiner);
    const home = createJoinerHome(this.layout, joiner);
    o.beforeStart?.(home);
    const node = new LocalnetNode(this.layout.dir, slot, this.layout.basePort, this.appEnv?.(slot), home);
    this.joiners.push(node);
    await node.start();
    return node;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.joiners, ...this.nodes].map((n) => n.stop()));
  }
}
