import type { NetworkCallName } from '../../contract/network-map.js';
import type { CallAnswer } from '../call.js';
import { NetworkError } from '../errors.js';
import type { JsonNode } from '../normalized.js';
import type { Page } from '../paging.js';
import { lacking } from './completeness.js';

/** The answer was read and not understood: names the call, the alternative and what is missing. */
export function notUnderstood(
  call: NetworkCallName,
  answer: CallAnswer,
  what: string,
): NetworkError {
  return new NetworkError(
    'network_changed',
    `The network's ${call} answer (${answer.alt.id}) has no ${what}`,
  );
}

/**
 * The one entity of a single read (a profile, a company, an update). An answer whose list of
 * elements is there and empty is "no such thing", not a changed network.
 */
export function oneEntity(call: NetworkCallName, answer: CallAnswer, target: string): JsonNode {
  const entity = answer.fields.one(answer.root);
  if (entity) return entity;
  const elements = answer.root.at('data', 'elements');
  if (Array.isArray(elements.value) && elements.value.length === 0)
    throw new NetworkError('not_found', `No ${call} ${target}`);
  throw notUnderstood(call, answer, (answer.alt.read?.one ?? ['data']).join(' nor '));
}

/**
 * The items of a list answer. A list that is not where the map says is a changed network; items that
 * are there but none of which reads as the thing asked for are too (the fields moved).
 */
export function listItems<T>(
  call: NetworkCallName,
  answer: CallAnswer,
  read: (item: JsonNode) => T | null,
): { items: T[]; size: number } {
  const { nodes, found } = answer.fields.items(answer.root);
  if (!found && nodes.length === 0)
    throw notUnderstood(call, answer, (answer.alt.read?.list ?? ['data.elements[]']).join(' nor '));
  const items = nodes.map(read).filter((x): x is T => x !== null);
  const gap = answer.fields.completeness.mostlyMissing();
  if (gap) throw lacking(call, answer.alt.id, gap);
  if (nodes.length > 0 && items.length === 0)
    throw notUnderstood(
      call,
      answer,
      `readable item among its ${nodes.length} (first at ${nodes[0]!.path})`,
    );
  return { items, size: nodes.length };
}

/** A page of a list the network pages by offset (`start`): its items, and the total it gives. */
export function startPage<T>(
  call: NetworkCallName,
  answer: CallAnswer,
  read: (item: JsonNode) => T | null,
): Page<T> {
  const { items, size } = listItems(call, answer, read);
  return { items, size, total: answer.fields.total(answer.root), token: null, by: 'start' };
}
