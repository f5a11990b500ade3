/**
 * Reads a server-sent event stream as it arrives, in pieces cut anywhere (the browser hands over `responseText`
 * as it grows; tests hand over whole bodies). Only what the tool routes write is needed: `event:` and `data:`
 * lines, blank-line separated, `:` comments ignored (the server's heartbeat), LF or CRLF line ends.
 */
export interface ServerEvent {
  event: string;
  data: string;
}

export interface EventStreamParser {
  /** Feeds the next piece of text; answers the events it completed. */
  push(text: string): ServerEvent[];
}

export function createEventStreamParser(): EventStreamParser {
  let pending = '';
  // A CR at the end of a piece may be the first half of a CRLF: it waits for the next piece.
  let carry = '';
  const parseBlock = (block: string): ServerEvent | null => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return data.length ? { event, data: data.join('\n') } : null;
  };
  return {
    push(text) {
      const joined = carry + text;
      carry = joined.endsWith('\r') ? '\r' : '';
      pending += (carry ? joined.slice(0, -1) : joined).replace(/\r\n?/g, '\n');
      const blocks = pending.split('\n\n');
      pending = blocks.pop() ?? '';
      return blocks.map(parseBlock).filter((e): e is ServerEvent => e !== null);
    },
  };
}

/** Every complete event of a whole body. */
export const parseEventStream = (body: string): ServerEvent[] => createEventStreamParser().push(body);
