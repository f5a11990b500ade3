import { describe, expect, it } from 'vitest';
import { createEventStreamParser, parseEventStream } from './event-stream';

const body =
  'event: phase\ndata: {"phase":"queued"}\n\n: working\n\nevent: phase\ndata: {"phase":"processing","estimateMs":4200}\n\nevent: result\ndata: {"imageUrl":"/api/images/a"}\n\n';

describe('the tool routes’ event stream, read as it arrives', () => {
  it('reads phases and the result in order and skips heartbeat comments', () => {
    expect(parseEventStream(body)).toEqual([
      { event: 'phase', data: '{"phase":"queued"}' },
      { event: 'phase', data: '{"phase":"processing","estimateMs":4200}' },
      { event: 'result', data: '{"imageUrl":"/api/images/a"}' },
    ]);
  });

  it('gives the same events when the text arrives cut at every possible place', () => {
    const whole = parseEventStream(body);
    for (let cut = 1; cut < body.length; cut++) {
      const parser = createEventStreamParser();
      expect([...parser.push(body.slice(0, cut)), ...parser.push(body.slice(cut))], `cut at ${cut}`).toEqual(whole);
    }
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parser = createEventStreamParser();
    expect(parser.push('event: error\ndata: {"error":"Too big"')).toEqual([]);
    expect(parser.push('}\n\n')).toEqual([{ event: 'error', data: '{"error":"Too big"}' }]);
  });

  it('accepts CRLF line ends, joins several data lines, and names an unnamed event "message"', () => {
    expect(parseEventStream('data: a\r\ndata: b\r\n\r\nevent:phase\ndata:x\n\n')).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'phase', data: 'x' },
    ]);
    const crlf = 'event: phase\r\ndata: 1\r\n\r\nevent: phase\r\ndata: 2\r\n\r\n';
    for (let cut = 1; cut < crlf.length; cut++) {
      const parser = createEventStreamParser();
      expect([...parser.push(crlf.slice(0, cut)), ...parser.push(crlf.slice(cut))], `cut at ${cut}`).toEqual(
        parseEventStream(crlf),
      );
    }
  });
});
