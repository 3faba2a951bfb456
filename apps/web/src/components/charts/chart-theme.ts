import { useMemo, useSyncExternalStore } from 'react';
import { useUiStore } from '@/lib/ui-store';

export type ChartTone = 'blue' | 'green' | 'red' | 'amber' | 'violet';

export interface ChartTheme {
  dark: boolean;
  /** Axis ticks and legend text: AA contrast on the card background of each theme. */
  text: string;
  grid: string;
  /** The card background, used to separate doughnut segments. */
  surface: string;
  /** The unfilled part of a doughnut (e.g. "remaining"). */
  track: string;
  tones: Record<ChartTone, string>;
  /** True when the visitor asked for reduced motion: charts draw without animation. */
  reducedMotion: boolean;
}

// Tailwind 700 shades on white, 400 shades on gray-900: at least 3:1 against the card (WCAG 1.4.11).
const LIGHT = {
  text: '#4b5563',
  grid: '#e5e7eb',
  surface: '#ffffff',
  track: '#d1d5db',
  tones: { blue: '#1d4ed8', green: '#15803d', red: '#b91c1c', amber: '#b45309', violet: '#6d28d9' },
} as const;
const DARK = {
  text: '#d1d5db',
  grid: '#374151',
  surface: '#111827',
  track: '#4b5563',
  tones: { blue: '#60a5fa', green: '#4ade80', red: '#f87171', amber: '#fbbf24', violet: '#a78bfa' },
} as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

/**
 * Colours of the current theme (light/dark from the UI store) and the motion preference. The object
 * is the same between renders until one of them changes, so charts can memoise on it.
 */
export function useChartTheme(): ChartTheme {
  const dark = useUiStore((state) => state.theme) === 'dark';
  const reducedMotion = usePrefersReducedMotion();
  return useMemo(() => {
    const palette = dark ? DARK : LIGHT;
    return { dark, reducedMotion, ...palette, tones: { ...palette.tones } };
  }, [dark, reducedMotion]);
}

/** A colour with transparency, for areas under lines: '#1d4ed8' → 'rgba(29, 78, 216, 0.15)'. */
export function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}
