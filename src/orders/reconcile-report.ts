import { csvLine } from '../lib/csv.ts';

/**
 * What the daily reconciliation (reconcile.ts) reports: each difference it found between the service's order list
 * and our store, and the CSV file admins get with the summary (one row a difference, with what was done about it).
 */

/** One difference found, as reported. */
export type ReconcileDifference =
  | { kind: 'missing'; externalOrderId: string; orderId: string; theirs: string; recorded: boolean }
  | {
      kind: 'missed-final';
      externalOrderId: string;
      orderId: string;
      ours: string;
      theirs: string;
      applied: boolean;
    }
  | {
      kind: 'status';
      externalOrderId: string;
      orderId: string;
      ours: string;
      theirs: string;
      applied: boolean;
    }
  | { kind: 'price'; externalOrderId: string; orderId: string; ours: string; theirs: string }
  | { kind: 'hold'; resellerId: number; ours: string; theirs: string };

const DIFFERENCE_COLUMNS = [
  'kind',
  'merchant_order_number',
  'service_order_id',
  'reseller_id',
  'ours',
  'theirs',
  'action',
] as const;

/** The differences as CSV (header first). */
export function differencesCsv(differences: readonly ReconcileDifference[]): string {
  const rows = [csvLine(DIFFERENCE_COLUMNS)];
  for (const d of differences) {
    switch (d.kind) {
      case 'missing':
        rows.push(
          csvLine([d.kind, d.externalOrderId, d.orderId, '', '', d.theirs, d.recorded ? 'recorded' : 'none']),
        );
        break;
      case 'missed-final':
      case 'status':
        rows.push(
          csvLine([
            d.kind,
            d.externalOrderId,
            d.orderId,
            '',
            d.ours,
            d.theirs,
            d.applied ? 'applied' : 'none',
          ]),
        );
        break;
      case 'price':
        rows.push(csvLine([d.kind, d.externalOrderId, d.orderId, '', d.ours, d.theirs, 'none']));
        break;
      case 'hold':
        rows.push(csvLine([d.kind, '', '', String(d.resellerId), d.ours, d.theirs, 'none']));
        break;
      default: {
        const never: never = d;
        throw new Error(`unhandled difference ${String(never)}`);
      }
    }
  }
  return rows.join('');
}
