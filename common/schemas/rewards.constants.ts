/** The custom rewards' field limits, without zod: the web's pages import them (decision 234). */
export const REWARD_NAME_MAX = 100;
export const REWARD_DESCRIPTION_MAX = 500;
export const REWARD_CATEGORY_MAX = 50;
