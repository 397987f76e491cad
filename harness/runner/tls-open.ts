/**
 * The https half of a run: when `--https` or the adapter's `https` capability asks for it, the fake servers
 * serve https with a CA made for the run (fake-servers/run-ca.ts), and every `session/open` carries HAP/1's
 * optional `tls` so the host can trust that CA for these servers alone. The open params are extended here,
 * at the adapter boundary, so no clause needs to know which scheme its world was served over.
 */
import type { RunCaPublic } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import type { HostHandle, HostLauncher } from "./host-launcher.ts";

/** `adapter`, with `tls` added to every `open`; every other method as it was. */
export function openWithTls(adapter: HostAdapter, tls: RunCaPublic): HostAdapter {
  const handed = { caCertificate: tls.caCertificate, caFile: tls.caFile };
  return new Proxy(adapter, {
    get(target, property) {
      if (property === "open") return (params: Parameters<HostAdapter["open"]>[0]) => target.open({ ...params, tls: handed });
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** `handle` with its adapter's opens carrying `tls` (the handle is changed in place and returned). */
export function handleWithTls(handle: HostHandle, tls: RunCaPublic): HostHandle {
  handle.adapter = openWithTls(handle.adapter, tls);
  return handle;
}

/** A launcher whose every host's opens carry `tls`. */
export function launcherWithTls(launcher: HostLauncher, tls: RunCaPublic): HostLauncher {
  return { ...launcher, launch: async () => handleWithTls(await launcher.launch(), tls) };
}
