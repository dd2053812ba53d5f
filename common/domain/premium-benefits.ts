/**
 * What Premium (or the 60-day trial) adds over the free plan — the one list /premium sells and the
 * landing page's plan cards draw from (docs/decisions/180-premium-sells-what-it-adds.md). Each entry is
 * enforced somewhere, named here so the list cannot promise what nothing checks:
 *
 * - `files`: file storage, 2 GB — server/features/files/files.service.ts (403 `premium_required` on writes);
 * - `templates`: premium template downloads — server/features/templates/templates.service.ts `assertPremiumAccess`;
 * - `history`: analytics of past terms — server/features/progress/progress.service.ts (403 for a past term);
 * - `support`: feedback flagged priority (24 h instead of 48) — server/features/feedback/feedback.service.ts;
 * - `themes`: the exclusive colours and style — stored on the device only, so the shell enforces them
 *   (web/lib/theme.ts `enforcePremiumTheme`, decision 132).
 *
 * Data export is not here: it is free on every plan (decision 127), and no page may say otherwise.
 */
export const PREMIUM_BENEFITS = ['files', 'templates', 'history', 'themes', 'support'] as const;
export type PremiumBenefit = (typeof PREMIUM_BENEFITS)[number];
