import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type StreamEvent } from './event-stream.ts';

function read(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const feed = createEventStreamParser((event) => events.push(event));
  for (const chunk of chunks) feed(chunk);
  return events;
}

describe('the event-stream parser', () => {
  it('reads named events with ids, ignoring comments and the retry field', () => {
    const events = read(['retry: 2000\n\n', 'id: 7\nevent: message\ndata: {"a":1}\n\n', ': ping\n\n', 'event: read\ndata: {"b":2}\n\n']);
    expect(events).toEqual([
      { id: '7', event: 'message', data: '{"a":1}' },
      { id: undefined, event: 'read', data: '{"b":2}' },
    ]);
  });

  it('joins an event split across chunks anywhere, even mid-line, and accepts CRLF', () => {
    const whole = 'id: 12\r\nevent: message\r\ndata: {"text":"مرحبا"}\r\n\r\n';
    for (let cut = 1; cut < whole.length; cut += 1) {
      expect(read([whole.slice(0, cut), whole.slice(cut)])).toEqual([{ id: '12', event: 'message', data: '{"text":"مرحبا"}' }]);
    }
  });

  it('joins several data lines, and sends nothing for an event without data', () => {
    expect(read(['data: one\ndata: two\n\n', 'event: empty\n\n'])).toEqual([{ id: undefined, event: 'message', data: 'one\ntwo' }]);
  });
});
