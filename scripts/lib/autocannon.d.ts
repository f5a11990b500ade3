// The few parts of autocannon 9 that scripts/load.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    amount?: number;
    timeout?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  interface Histogram {
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    average: number;
    max: number;
  }
  interface Result {
    requests: { sent: number; average: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
  }
  /** The running benchmark: an event emitter that is also awaitable for the summary. */
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }
  export default function autocannon(options: Options): Instance;
}
