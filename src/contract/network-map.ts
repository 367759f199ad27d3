import { z } from 'zod';

/**
 * The network map: every path, decoration id and GraphQL queryId the extension's operations use.
 * Data only (MV3 forbids remote code). The extension ships a built-in map; the service may hand a
 * newer one out in the heartbeat answer, so a change on the network's side is one edit on the
 * service (docs/network-facts.md, "Designing for drift").
 */

/** A path relative to `https://www.linkedin.com/voyager/api/`, without query string. */
const ApiPath = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[A-Za-z0-9/_.-]+$/, { error: 'a network map path holds only letters, digits and / _ . -' });
const Token = z.string().min(1).max(300).regex(/^[A-Za-z0-9._-]+$/, { error: 'a decoration id or queryId holds only letters, digits and . _ -' });

export const NETWORK_MAP_ENTRIES = [
  'me',
  'profile',
  'profile_network_info',
  'profile_updates',
  'company',
  'company_updates',
  'search',
  'connections',
  'reactions',
  'comments',
  'messages',
  'invitations',
] as const;

export const NetworkMapEntry = z.strictObject({
  path: ApiPath,
  decoration_id: Token.optional(),
  query_id: Token.optional(),
});

export const NetworkMap = z.strictObject({
  /** Grows with every change; the extension keeps the highest it has seen. */
  version: z.number().int().min(1),
  entries: z.strictObject(
    Object.fromEntries(NETWORK_MAP_ENTRIES.map((k) => [k, NetworkMapEntry])) as Record<
      (typeof NETWORK_MAP_ENTRIES)[number],
      typeof NetworkMapEntry
    >,
  ),
});
export type NetworkMap = z.infer<typeof NetworkMap>;
export type NetworkMapEntryName = (typeof NETWORK_MAP_ENTRIES)[number];
