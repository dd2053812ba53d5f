/** Series colours for Progress charts (kept out of the Recharts chunk so pages can pick them eagerly). */
const COLORS = ['#4f46e5', '#16a34a', '#dc2626', '#d97706', '#0891b2', '#9333ea', '#db2777', '#65a30d'];
export const PRIMARY = 'var(--color-primary, #4f46e5)';
export const ON_TIME = '#16a34a';
export const LATE = '#dc2626';
export const seriesColor = (index: number): string => COLORS[index % COLORS.length] ?? '#4f46e5';
