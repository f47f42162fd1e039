/** One event of a text/event-stream: its id (when sent), its name, its data. */
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream as the HTML standard says (§9.2.6): `field: value` lines, an event ending
 * at a blank line, comments (`: ping`) and unknown fields ignored, data lines joined by newlines.
 * Chunks may end anywhere, even inside a line; the parser keeps the unfinished rest for the next.
 */
export function createEventStreamParser(onEvent: (event: StreamEvent) => void) {
  let rest = '';
  let data: string[] = [];
  let name = '';
  let id: string | undefined;

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onEvent({ id, event: name || 'message', data: data.join('\n') });
      data = [];
      name = '';
      id = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') name = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return (chunk: string) => {
    rest += chunk;
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const text of lines) line(text.endsWith('\r') ? text.slice(0, -1) : text);
  };
}
