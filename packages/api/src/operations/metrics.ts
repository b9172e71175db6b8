/**
 * A small Prometheus registry: counters and one request-latency histogram, per process (each
 * instance is scraped on its own). Exposed at /metrics in the text exposition format.
 */

type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (!entries.length) return '';
  const escaped = entries.map(
    ([key, value]) => `${key}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`,
  );
  return `{${escaped.join(',')}}`;
}

class Counter {
  private readonly values = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1) {
    const key = labelText(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [labels, value] of this.values) lines.push(`${this.name}${labels} ${value}`);
    return lines.join('\n');
  }
}

const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

class Histogram {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  observe(labels: Labels, seconds: number) {
    const key = labelText(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, counts: LATENCY_BUCKETS_SECONDS.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    LATENCY_BUCKETS_SECONDS.forEach((bound, i) => {
      if (seconds <= bound) entry.counts[i]! += 1;
    });
    entry.sum += seconds;
    entry.count += 1;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      LATENCY_BUCKETS_SECONDS.forEach((bound, i) => {
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${counts[i]}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

export const metrics = {
  requestDuration: new Histogram('vestibule_http_request_duration_seconds', 'HTTP request latency by route'),
  securityEvents: new Counter(
    'vestibule_security_events_total',
    'Audited security events by kind (login.succeeded, login.failed, mfa.added, …)',
  ),
  messagesQueued: new Counter(
    'vestibule_messages_queued_total',
    'Messages (codes and notices) queued by channel',
  ),
  rateLimitHits: new Counter('vestibule_rate_limit_hits_total', 'Requests refused by a rate limit, by rule'),
};

export function renderMetrics(gauges: string[]): string {
  return `${[...Object.values(metrics).map((m) => m.render()), ...gauges].join('\n')}\n`;
}
