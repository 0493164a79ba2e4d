// The Prometheus text-format parser the metrics test reads /metrics with; it ships no types.
declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface ParsedFamily {
    name: string;
    help: string;
    type: string;
    metrics: ParsedSample[];
  }
  // biome-ignore lint/style/noDefaultExport: the package's only export is its default function.
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
