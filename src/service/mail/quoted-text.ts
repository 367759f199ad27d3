/**
 * Text someone else typed (a sign-up's name, a team's name) as a mail quotes it: on one line, and
 * at most `max` characters, cut with an ellipsis. Anyone can sign up and invite any address, so a
 * mail must not carry a stranger's long message; a short name is what identifies the sender.
 */
export function quotedText(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(oneLine);
  return chars.length <= max ? oneLine : `${chars.slice(0, max - 1).join('')}…`;
}
