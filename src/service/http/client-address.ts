import ipaddr from 'ipaddr.js';
import type { Context } from 'hono';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
/** One TRUSTED_PROXIES entry: an address range (a single address is a /32 or /128). */
export type TrustedRange = [Address, number];

/**
 * TRUSTED_PROXIES: addresses and CIDR ranges separated by commas or spaces
 * (`10.0.0.0/8, 127.0.0.1, ::1`). Returns the ranges, or the first entry that is neither.
 */
export function parseTrustedProxies(text: string): TrustedRange[] | { bad: string } {
  const ranges: TrustedRange[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    try {
      if (entry.includes('/')) {
        const [addr, bits] = ipaddr.parseCIDR(entry);
        ranges.push([unmapped(addr), addr.kind() === 'ipv6' && isMapped(addr) ? bits - 96 : bits]);
      } else {
        const addr = unmapped(ipaddr.parse(entry));
        ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
      }
    } catch {
      return { bad: entry };
    }
  }
  return ranges;
}

function isMapped(a: Address): boolean {
  return a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress();
}

/** `::ffff:10.0.0.1` (how a dual-stack socket reports IPv4 peers) is 10.0.0.1. */
function unmapped(a: Address): Address {
  return isMapped(a) ? (a as ipaddr.IPv6).toIPv4Address() : a;
}

function parsed(text: string | undefined): Address | null {
  if (!text) return null;
  const t = text.trim();
  return ipaddr.isValid(t) ? unmapped(ipaddr.parse(t)) : null;
}

function trusted(a: Address, ranges: TrustedRange[]): boolean {
  return ranges.some(([range, bits]) => range.kind() === a.kind() && a.match(range, bits));
}

/**
 * The client an abuse limit counts: IPv4 addresses one by one, IPv6 by their /64 (one machine
 * commonly holds a whole /64, so single IPv6 addresses cost nothing to change).
 */
function limitKey(a: Address): string {
  if (a.kind() === 'ipv4') return a.toString();
  const parts = (a as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** What a request without a socket (an in-process call) is counted as: one client. */
const UNKNOWN_CLIENT = 'unknown';

/**
 * The address a request came from, as the sign-in limits count it. The socket's peer, unless that
 * peer is one of the trusted proxies: then `X-Forwarded-For` is read from its right end (the
 * entries the trusted proxies appended) to the first address that is not a trusted proxy. The
 * header of an untrusted peer is ignored: anyone can write one.
 */
export function clientAddress(c: Context, trustedProxies: TrustedRange[] | undefined): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = parsed(env?.incoming?.socket?.remoteAddress);
  if (!peer) return UNKNOWN_CLIENT;
  if (!trustedProxies?.length || !trusted(peer, trustedProxies)) return limitKey(peer);
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').reverse();
  let client = peer;
  for (const hop of hops) {
    const a = parsed(hop);
    // A hop that is no address was not written by a proxy we trust: stop at the last good one.
    if (!a) break;
    client = a;
    if (!trusted(a, trustedProxies)) break;
  }
  return limitKey(client);
}
