/** One line of the benchmark table: a figure, its anchor measured in the same run, and the target. */
export interface Row {
  bench: string;
  metric: string;
  value: string;
  anchor: string;
  ratio: string;
  target: string;
  /** true met, false missed, null when the line has no target (an anchor or a plain count). */
  met: boolean | null;
  note?: string;
}

export function ratio(value: number, anchor: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(anchor) || anchor === 0) return 'n/a';
  return `${(value / anchor).toFixed(2)}×`;
}

const verdict = (met: boolean | null): string => (met === null ? '–' : met ? 'met' : '**MISSED**');

/** The one markdown table `npm run bench` prints. */
export function renderTable(rows: readonly Row[]): string {
  const header = '| # | Metric | Value | Anchor (same run) | Ratio | Target | Result |';
  const rule = '|---|---|---:|---:|---:|---|---|';
  const lines = rows.map(
    (r) =>
      `| ${r.bench} | ${r.metric} | ${r.value} | ${r.anchor} | ${r.ratio} | ${r.target} | ${verdict(r.met)}${
        r.note ? ` (${r.note})` : ''
      } |`,
  );
  return [header, rule, ...lines].join('\n');
}
