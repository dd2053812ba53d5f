/** The eight built-in rewards of docs/product.md §9 and their costs; names are translated by id. */
export const BUILT_IN_REWARDS = [
  { id: 'builtin-reading-break', cost: 50, category: 'relax', icon: 'book' },
  { id: 'builtin-music-time', cost: 50, category: 'relax', icon: 'music' },
  { id: 'builtin-nature-walk', cost: 75, category: 'health', icon: 'trees' },
  { id: 'builtin-special-dessert', cost: 100, category: 'treat', icon: 'cake' },
  { id: 'builtin-social-time', cost: 120, category: 'social', icon: 'users' },
  { id: 'builtin-gaming-session', cost: 150, category: 'fun', icon: 'gamepad-2' },
  { id: 'builtin-movie-night', cost: 200, category: 'fun', icon: 'clapperboard' },
  { id: 'builtin-treating-yourself', cost: 250, category: 'treat', icon: 'gift' },
] as const;

export type BuiltInRewardId = (typeof BUILT_IN_REWARDS)[number]['id'];

/** A custom reward costs 1–100,000 points (docs/product.md §9). */
export const CUSTOM_REWARD_COST_MIN = 1;
export const CUSTOM_REWARD_COST_MAX = 100_000;

/** Points for completing a task, by priority, once per task ever (docs/product.md §9). */
export const TASK_POINTS = { low: 5, medium: 10, high: 15 } as const;
/** Points for a focus session and for adding a grade (docs/product.md §9). */
export const FOCUS_SESSION_POINTS = 10;
export const GRADE_POINTS = 5;
