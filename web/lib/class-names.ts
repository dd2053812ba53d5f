import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';

let mergeConfig: ReturnType<typeof getDefaultConfig> | undefined;

/**
 * tailwind-merge's configuration, built once. Its first merge builds this, then its class tables from
 * it: one 45–70 ms task at 4× CPU on every page's start. web/lib/first-render-warm-up.ts builds the
 * configuration and the tables in two tasks, ~20 and ~28 ms (decision 255).
 */
export function classMergeConfig(): ReturnType<typeof getDefaultConfig> {
  mergeConfig ??= getDefaultConfig();
  return mergeConfig;
}

const mergeClasses = createTailwindMerge(classMergeConfig);

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
