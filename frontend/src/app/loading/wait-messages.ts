import { messages } from '../../lib/messages';

const sequence = [...messages.waitStart, ...messages.waitMid, ...messages.waitEnd];

/** The start, then mid, then end messages in turn; past the end it keeps cycling the end group. */
export function waitMessage(tick: number): string {
  if (tick < sequence.length) return sequence[tick];
  return messages.waitEnd[(tick - sequence.length) % messages.waitEnd.length];
}
