import { describe, expect, it } from 'vitest';
import {
  KNOWN_STATUSES,
  canMove,
  isFinished,
  isKnownStatus,
  statusEmoji,
  statusRank,
} from '../../src/domain/status.ts';

const UNKNOWN_A = 'pending_provider';
const UNKNOWN_B = 'queued';
const ALL = [...KNOWN_STATUSES, UNKNOWN_A, UNKNOWN_B];

/**
 * Every pair, written out by hand: row = from, column = to, in the order
 * accepted processing manual_review failed succeeded refunded pending_provider queued.
 */
const TABLE: Record<string, string> = {
  accepted: '. Y Y Y Y Y Y Y',
  processing: '. . Y Y Y Y Y Y',
  manual_review: '. . . . Y Y . .',
  failed: '. . . . . Y . .',
  succeeded: '. . . . . . . .',
  refunded: '. . . . . . . .',
  pending_provider: '. Y Y Y Y Y . Y',
  queued: '. Y Y Y Y Y Y .',
};

describe('canMove', () => {
  const cases = ALL.flatMap((from) =>
    ALL.map((to, column) => [from, to, TABLE[from]?.split(' ')[column] === 'Y'] as const),
  );

  it('has a table row for every status and a column for every status', () => {
    expect(Object.keys(TABLE)).toEqual(ALL);
    for (const row of Object.values(TABLE)) expect(row.split(' ')).toHaveLength(ALL.length);
  });

  it.each(cases)('%s -> %s: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it('never leaves a final status and never goes back to accepted', () => {
    for (const to of ALL) {
      expect(canMove('succeeded', to)).toBe(false);
      expect(canMove('refunded', to)).toBe(false);
      if (to !== 'accepted') continue;
      for (const from of ALL) expect(canMove(from, to)).toBe(false);
    }
  });

  it('never moves to a lower rank', () => {
    for (const from of ALL) {
      for (const to of ALL) {
        if (canMove(from, to)) expect(statusRank(to)).toBeGreaterThanOrEqual(statusRank(from));
      }
    }
  });
});

describe('status helpers', () => {
  it.each([
    ['accepted', '⏳'],
    ['processing', '⏳'],
    [UNKNOWN_A, '⏳'],
    ['manual_review', '🔎'],
    ['succeeded', '✅'],
    ['failed', '⚠️'],
    ['refunded', '↩️'],
  ])('%s shows %s', (status, emoji) => {
    expect(statusEmoji(status)).toBe(emoji);
  });

  it.each([
    ['accepted', false],
    ['processing', false],
    ['manual_review', false],
    ['failed', false],
    ['succeeded', true],
    ['refunded', true],
    [UNKNOWN_A, false],
  ])('%s finished: %s', (status, finished) => {
    expect(isFinished(status)).toBe(finished);
  });

  it('knows the spec statuses and nothing else', () => {
    expect(KNOWN_STATUSES.every(isKnownStatus)).toBe(true);
    expect(isKnownStatus(UNKNOWN_A)).toBe(false);
    expect(isKnownStatus('constructor')).toBe(false);
  });

  it('ranks the lifecycle', () => {
    expect(ALL.map(statusRank)).toEqual([0, 1, 2, 2, 3, 3, 1, 1]);
  });
});
