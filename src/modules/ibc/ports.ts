/**
 * ICS-05 ports: the application modules bound to port ids (their callbacks: src/types/ibc-app.ts,
 * ibc-go's porttypes.IBCModule for v1 channels). An application registers once,
 * at app construction; the router is fixed for the life of the process, so routing is the same
 * on every node.
 */
import type { IbcApp } from "../../types/ibc-app";
import { portErrors } from "./errors";

export type { IbcApp, RecvResult } from "../../types/ibc-app";

export class PortRouter {
  private readonly routes = new Map<string, IbcApp>();

  bind(portId: string, app: IbcApp): void {
    if (this.routes.has(portId)) throw portErrors.ErrPortExists.wrap(`port ${portId} is already bound`);
    this.routes.set(portId, app);
  }

  has(portId: string): boolean {
    return this.routes.has(portId);
  }

  route(portId: string): IbcApp {
    const app = this.routes.get(portId);
    if (!app) throw portErrors.ErrInvalidRoute.wrap(`route not found to module: ${portId}`);
    return app;
  }
}
