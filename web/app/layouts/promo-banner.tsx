import { ExternalLink, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Session storage, read before the first paint by theme-boot.js too (decision 169). */
const BANNER_HIDDEN_KEY = 'studypilot_banner_hidden';

/** Where the banner points; operators set VITE_PROMO_URL at build time. */
const PROMO_URL: string = import.meta.env.VITE_PROMO_URL ?? 'https://studypilot.app/whats-new';

/** Whether the banner was dismissed in this tab's session (false where there is no session storage: the build's frame). */
function bannerDismissed(): boolean {
  try {
    return sessionStorage.getItem(BANNER_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** The shell's promotion banner with an external link (SPEC.md §2); dismissible for the session. */
export function PromoBanner() {
  const { t } = useTranslation('shell');
  const [hidden, setHidden] = useState(bannerDismissed);
  if (hidden) return null;
  return (
    <div
      data-promo-banner=""
      className="flex items-center justify-center gap-2 bg-primary px-10 py-2 text-center text-sm text-primary-foreground relative"
    >
      <span>{t('banner.text')}</span>
      <a
        href={PROMO_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-semibold underline underline-offset-2"
      >
        {t('banner.link')}
        <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
        <span className="sr-only">{t('banner.opensInNewTab')}</span>
      </a>
      <button
        type="button"
        aria-label={t('banner.dismiss')}
        className="absolute right-2 rounded p-1 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-primary-foreground"
        onClick={() => {
          sessionStorage.setItem(BANNER_HIDDEN_KEY, '1');
          setHidden(true);
        }}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
