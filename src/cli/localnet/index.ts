import { createLocalnet, DEFAULT_LAYOUT, existingLocalnet, type LocalnetLayout } from "./layout";
import { LocalnetNode } from "./processes";

export * from "./layout";
export * from "./processes";

export interface LocalnetOptions extends Partial<Omit<LocalnetLayout, "dir">> {
  dir: string;
  /** Start from new homes even when the directory holds a localnet. */
  reset?: boolean;
  /** Environment for the app process of node i (test hooks). */
  appEnv?: (index: number) => NodeJS.ProcessEnv;
}

/** N validators on loopback: created on first use (or --reset), resumed otherwise. */
export class Localnet {
  private constructor(
    readonly layout: LocalnetLayout,
    readonly nodes: LocalnetNode[],
    readonly created: boolean,
  ) {}

  static async prepare(o: LocalnetOptions): Promise<Localnet> {
    const layout: LocalnetLayout = { ...DEFAULT_LAYOUT, ...o, dir: o.dir };
    const created = o.reset || !existingLocalnet(layout.dir, layout.validators);
    if (created) await createLocalnet(layout);
    const nodes = Array.from({ length: layout.validators }, (_, i) => new LocalnetNode(layout.dir, i, layout.basePort, o.appEnv?.(i)));
    return new Localnet(layout, nodes, created);
  }

  async start(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.start()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.stop()));
  }
}
