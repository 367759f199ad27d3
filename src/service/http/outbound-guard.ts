import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The guard against server-side request forgery for every outbound request to an address a team
 * gives us (URLs in prompts, Slack webhooks): only public unicast addresses are reached (no
 * loopback, private, link-local such as cloud metadata at 169.254.169.254, carrier-grade NAT,
 * unique-local, multicast or reserved ranges). ALLOW_PRIVATE_FETCH=1 lifts it for tests.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns `::ffff:127.0.0.1` into the IPv4 address it really is.
  return ipaddr.process(address).range() === 'unicast';
}

export class BlockedAddressError extends Error {
  readonly code = 'EPRIVATE';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses a name resolving to any non-public address. The checked
 * address is the one connected to, so a DNS answer that changes between check and connect (DNS
 * rebinding) cannot slip through.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { all?: boolean } | number | undefined,
    callback: LookupCallback,
  ) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const blocked = addresses.find((a) => !isPublicAddress(a.address));
      if (blocked && !allowPrivate)
        return callback(
          new BlockedAddressError(`${hostname} resolves to a non-public address`),
          [],
        );
      const all = typeof options === 'object' && options?.all;
      if (all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new BlockedAddressError(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Names that mean this machine or a private network whatever they resolve to: refused before any
 * look-up (a name that resolves publicly here may resolve otherwise elsewhere).
 */
export function isLocalName(host: string): boolean {
  return /^localhost$|\.localhost$|\.local$|\.internal$/i.test(host);
}

/** Host literals and local names never go through lookup, so they are checked here. */
export function assertHostAllowed(hostname: string, allowPrivate: boolean): void {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return;
  if ((isIP(host) && !isPublicAddress(host)) || isLocalName(host))
    throw new BlockedAddressError(`${host} is not a public address`);
}
