import { formatPercent } from './format';

/**
 * Growth on an earlier period as a signed share ("+12%", "−4%", "0%"), or
 * a dash where there is no earlier figure to grow from.
 */
export function formatGrowth(growth: number | null, locale?: string): string {
  if (growth === null) return '–';
  return `${growth > 0 ? '+' : ''}${formatPercent(growth, locale)}`;
}
