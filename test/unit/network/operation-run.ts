import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import type { NetworkMap } from '../../../src/contract/network-map.js';
import type { TaskResult } from '../../../src/network/types.js';
import { fixtureNetwork, SIGNED_IN_COOKIES, type FixtureAnswer } from './fixture-fetch.js';
import { runAsDeployed } from './run-as-deployed.js';
import * as s26 from './shapes-2026.js';

/** An operation run as deployed against a route table of recorded or hand-written answers. */

export type Routes = Parameters<typeof fixtureNetwork>[0];
export const map: NetworkMap = {
  ...BUILT_IN_NETWORK_MAP,
  pacing: { between_pages_ms: [0, 0] as [number, number] },
};

export async function run(
  type: string,
  input: Record<string, unknown>,
  routes: Routes,
  withMap: NetworkMap = map,
) {
  const net = fixtureNetwork(routes);
  const result = await runAsDeployed(
    { type, input },
    { map: withMap, fetchImpl: net.fetchImpl, cookies: () => SIGNED_IN_COOKIES },
  );
  const paths = net.calls.map((c) => c.url.pathname.replace('/voyager/api/', ''));
  return { result, calls: net.calls, paths };
}
export function ok(result: TaskResult): any {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.output;
}
export function err(result: TaskResult) {
  if (result.ok)
    throw new Error(`expected a failure, got ${JSON.stringify(result.output).slice(0, 300)}`);
  return result.error;
}
export const json = (j: unknown, status = 200): FixtureAnswer => ({ json: j, status });
export const status = (code: number): FixtureAnswer => ({
  status: code,
  json: s26.errorBody(code),
});
