/** Label values of one series, by label name. */
export type Labels = Record<string, string>;

/** One metric as the Prometheus text format (0.0.4) writes it. */
interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  lines(): Promise<string[]> | string[];
}

// Label values are escaped as the exposition format asks: backslash, double quote, line feed.
const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function series(name: string, labels: Labels, value: number): string {
  const keys = Object.keys(labels).sort();
  const text = keys.map((key) => `${key}="${escapeLabel(labels[key] ?? '')}"`).join(',');
  return `${name}${keys.length > 0 ? `{${text}}` : ''} ${Number.isFinite(value) ? value : 0}`;
}

const keyOf = (labels: Labels) =>
  JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((key) => [key, labels[key]]),
  );

/** A monotonically increasing count per label set. */
export class Counter implements Metric {
  readonly type = 'counter';
  readonly #values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const entry = this.#values.get(key);
    if (entry) entry.value += by;
    else this.#values.set(key, { labels, value: by });
  }

  lines(): string[] {
    return [...this.#values.values()].map(({ labels, value }) => series(this.name, labels, value));
  }
}

/** A value read when scraped (a queue depth, open connections): `collect` answers the series. */
export class Gauge implements Metric {
  readonly type = 'gauge';
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly collect: () => Promise<Array<[Labels, number]>> | Array<[Labels, number]>,
  ) {}

  async lines(): Promise<string[]> {
    return (await this.collect()).map(([labels, value]) => series(this.name, labels, value));
  }
}

/** Observations counted into cumulative buckets, with their sum and count, per label set. */
export class Histogram implements Metric {
  readonly type = 'histogram';
  readonly #values = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let entry = this.#values.get(key);
    if (!entry) {
      entry = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.#values.set(key, entry);
    }
    for (const [index, bound] of this.bounds.entries()) {
      if (value <= bound) entry.buckets[index] = (entry.buckets[index] ?? 0) + 1;
    }
    entry.sum += value;
    entry.count += 1;
  }

  lines(): string[] {
    return [...this.#values.values()].flatMap(({ labels, buckets, sum, count }) => [
      ...this.bounds.map((bound, index) =>
        series(`${this.name}_bucket`, { ...labels, le: String(bound) }, buckets[index] ?? 0),
      ),
      series(`${this.name}_bucket`, { ...labels, le: '+Inf' }, count),
      series(`${this.name}_sum`, labels, sum),
      series(`${this.name}_count`, labels, count),
    ]);
  }
}

/** The metrics of one process, rendered in the Prometheus text format. */
export class MetricsRegistry {
  readonly #metrics: Metric[] = [];

  /** Adds `metric` and returns it. */
  add<M extends Metric>(metric: M): M {
    if (this.#metrics.some((m) => m.name === metric.name)) throw new Error(`metric ${metric.name} twice`);
    this.#metrics.push(metric);
    return metric;
  }

  /** The exposition text: HELP and TYPE per metric, then its series. A gauge that fails to collect is left out. */
  async render(): Promise<string> {
    const blocks = await Promise.all(
      this.#metrics.map(async (metric) => {
        const lines = await Promise.resolve(metric.lines()).catch(() => null);
        if (lines === null) return [];
        return [`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`, ...lines];
      }),
    );
    return `${blocks.flat().join('\n')}\n`;
  }
}
