import type { BudgetLimit } from '../../contract/budgets.js';

/** "2 a day", "100 a week", "25 a day and 100 a week" */
export function limitWords(limit: BudgetLimit): string {
  const parts = [
    limit.per_day !== null ? `${limit.per_day} a day` : null,
    limit.per_week !== null ? `${limit.per_week} a week` : null,
  ];
  return parts.filter(Boolean).join(' and ') || 'no limit';
}

/** "2026-11-24 09:12 UTC": unambiguous for everyone, whatever their zone. */
export function utcWords(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
