// Minimal types for the part of autocannon's programmatic API the bench uses (the package ships none).
declare module 'autocannon' {
  interface Histogram {
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Options {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** requests per second over all connections, at most */
    overallRate?: number;
    verifyBody?: (body: string) => boolean;
    /** Each request of a connection in turn; setupRequest may rewrite it (path, body) before it is sent. */
    requests?: { setupRequest?: (req: Request) => Request }[];
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    duration: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
