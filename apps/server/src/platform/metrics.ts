import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), one registry per app so tests can build several in a process.
 * Request metrics are recorded by `http/metrics-http.ts`; a domain adds what only it knows (transcode time,
 * buffered progress reports) through `gauge` and the histograms here. Names start with `qingke_`.
 */
type Reading = { labels: Record<string, string>; value: number };

export class Metrics {
  readonly registry = new Registry();
  /** Requests by route pattern (never the raw URL), status and envelope outcome. */
  readonly requests = new Counter({
    name: 'qingke_http_requests_total',
    help: 'HTTP requests answered, by route pattern, status and outcome (ok, refused, session, fault)',
    labelNames: ['method', 'route', 'status', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'qingke_http_request_duration_seconds',
    help: 'Time from the request arriving to the reply sent, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly transcode = new Histogram({
    name: 'qingke_vod_transcode_seconds',
    help: 'Time one transcode took, source copy to ladder stored, by outcome (done, rejected, failed)',
    labelNames: ['outcome'] as const,
    buckets: [5, 10, 30, 60, 120, 300, 600, 1200, 3600],
    registers: [this.registry],
  });

  constructor(opts: { defaults?: boolean } = {}) {
    // process CPU, memory, heap, event loop delay, open handles
    if (opts.defaults !== false) collectDefaultMetrics({ register: this.registry, prefix: 'qingke_' });
  }

  /** The readers of each gauge: a service built twice on one platform (tests) adds its own. */
  private readonly sources = new Map<string, (() => Promise<number | Reading[]> | number)[]>();

  /**
   * A gauge read when scraped. `collect` returns one value, or values by label; when several readers register
   * the same name their values are added. A failing read keeps the last values rather than failing the scrape.
   */
  gauge<L extends string>(
    name: string,
    help: string,
    collect: () => number | Promise<number> | Promise<{ labels: Record<L, string>; value: number }[]>,
    labelNames: readonly L[] = [],
  ): void {
    const known = this.sources.get(name);
    if (known) {
      known.push(collect);
      return;
    }
    const readers: (() => Promise<number | Reading[]> | number)[] = [collect];
    this.sources.set(name, readers);
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        let got: (number | Reading[])[];
        try {
          got = await Promise.all(readers.map((r) => r()));
        } catch {
          return; // the last values stand: one failed read must not fail the whole scrape
        }
        this.reset();
        for (const g of got) {
          if (typeof g === 'number') this.inc(g);
          else for (const r of g) this.inc(r.labels as Record<L, string>, r.value);
        }
      },
    });
  }

  /** The text a scraper reads. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
