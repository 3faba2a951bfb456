/** Formatting helpers shared by every screen. */
import { getPlan } from '@altwise/shared';

const numberFormat = new Intl.NumberFormat('en-US');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A count with its noun in the right number, the one pluralizer of every screen: "1 row", "2 rows", "1,043 requests". */
export function countOf(count: number, word: string, plural = `${word}s`): string {
  return `${formatNumber(count)} ${count === 1 ? word : plural}`;
}

export function formatPercent(value: number, fractionDigits = 1): string {
  return `${value.toFixed(fractionDigits).replace(/\.0+$/, '')}%`;
}

/** Milliseconds as "1,234ms" (the processing-time style of docs/product-decisions.md#generate). */
export function formatMs(value: number): string {
  return `${formatNumber(Math.round(value))}ms`;
}

export function formatCurrency(amount: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** A date in the visitor's local format, or "N/A" when absent or invalid. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString();
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleString();
}

/** "free" → "Free". */
export function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

/** Initials of first and last name, or "U" if either is missing. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim().charAt(0);
  const last = lastName?.trim().charAt(0);
  return first && last ? `${first}${last}`.toUpperCase() : 'U';
}

export function fullName(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName].filter(Boolean).join(' ').trim() || 'User';
}

/** The user's plan, "free" when absent. */
export function planOf(user: { plan?: string | null } | null | undefined): string {
  return user?.plan?.trim() || 'free';
}

/** A file size for people: "512 B", "12.3 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The plan's display name from the catalogue ("Free", "Pro"); an unknown plan reads as Free. */
export function planName(user: { plan?: string | null } | null | undefined): string {
  return getPlan(planOf(user)).name;
}
