import type { Registry } from 'prom-client'

// A histogram for the request path, registered in prom-client's registry (which formats it with the rest).
// prom-client's own Histogram checks and hashes the labels on every observation, even through a child made by
// labels(): 5–10 µs a request measured on the shared bench machine, against ~40 µs for a whole cached public
// read (docs/decisions/009-cached-reads.md). Here each label set gets its counters once, and an observation is
// a few additions (docs/decisions/017-running-as-a-service.md).

type Series = { labels: Record<string, string>; buckets: Float64Array; sum: number; count: number }

export type RequestHistogram = ReturnType<typeof requestHistogram>

export function requestHistogram(
  registry: Registry,
  options: { name: string; help: string; labelNames: readonly string[]; buckets: readonly number[] },
) {
  const { name, help, labelNames, buckets } = options
  const series: Series[] = []

  registry.registerMetric({
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      values: series.flatMap(({ labels, buckets: counts, sum, count }) => {
        let below = 0
        const cumulative = buckets.map((le, i) => {
          below += counts[i]!
          return { metricName: `${name}_bucket`, labels: { ...labels, le }, value: below }
        })
        return [
          ...cumulative,
          { metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count },
          { metricName: `${name}_sum`, labels, value: sum },
          { metricName: `${name}_count`, labels, value: count },
        ]
      }),
    }),
    reset: () => {},
  } as never)

  return {
    /** An observer of seconds for one set of label values (in `labelNames`' order); make it once per set. */
    series(...values: string[]): (seconds: number) => void {
      const labels = Object.fromEntries(labelNames.map((label, i) => [label, values[i]!]))
      const one: Series = { labels, buckets: new Float64Array(buckets.length), sum: 0, count: 0 }
      series.push(one)
      return (seconds) => {
        let i = 0
        while (i < buckets.length && seconds > buckets[i]!) i++
        if (i < buckets.length) one.buckets[i] = (one.buckets[i] ?? 0) + 1
        one.sum += seconds
        one.count++
      }
    },
  }
}
