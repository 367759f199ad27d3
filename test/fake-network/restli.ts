/**
 * Reads a Rest.li query value as the network's server does: `(k:v,…)`, `List(…)` and scalars whose
 * reserved characters arrive percent-encoded. Fed the RAW query string, so a client that encodes the
 * tuple syntax itself (`%28…%29`) is refused, as the real server refuses it.
 */
export type RestliParsed = string | RestliParsed[] | { [key: string]: RestliParsed };

export function parseRestli(raw: string): RestliParsed {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`Invalid Rest.li value at ${i}: ${why}`);
  };
  const scalar = (): string => {
    const start = i;
    while (i < raw.length && !'(),:'.includes(raw[i]!)) i++;
    return decodeURIComponent(raw.slice(start, i));
  };
  const value = (): RestliParsed => {
    if (raw.startsWith('List(', i)) {
      i += 5;
      const list: RestliParsed[] = [];
      while (raw[i] !== ')') {
        list.push(value());
        if (raw[i] === ',') i++;
        else if (raw[i] !== ')') fail('expected , or )');
      }
      i++;
      return list;
    }
    if (raw[i] === '(') {
      i++;
      const obj: Record<string, RestliParsed> = {};
      while (raw[i] !== ')') {
        const key = scalar();
        if (raw[i] !== ':') fail(`expected : after ${key}`);
        i++;
        obj[key] = value();
        if (raw[i] === ',') i++;
        else if (raw[i] !== ')') fail('expected , or )');
        if (i >= raw.length) fail('unterminated tuple');
      }
      i++;
      return obj;
    }
    return scalar();
  };
  const result = value();
  if (i !== raw.length) fail('trailing characters');
  return result;
}
