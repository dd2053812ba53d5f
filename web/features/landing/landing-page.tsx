import { BarChart3, BookOpen, CalendarDays, Check, GraduationCap, ListChecks, Timer, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currencyForLanguage, priceFor, yearlySavingPercent } from '../../../common/domain/prices';
import { TRIAL_DAYS } from '../../../common/domain/premium-access';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

const FEATURES: ReadonlyArray<{ id: string; icon: LucideIcon }> = [
  { id: 'schedule', icon: CalendarDays },
  { id: 'tasks', icon: ListChecks },
  { id: 'grades', icon: GraduationCap },
  { id: 'progress', icon: BarChart3 },
  { id: 'study', icon: Timer },
  { id: 'rewards', icon: Trophy },
];

const FREE_FEATURES = ['unlimited', 'timer', 'grades'] as const;
const PREMIUM_FEATURES = ['files', 'templates', 'analytics'] as const;

function PlanCard({
  title,
  price,
  period,
  note,
  features,
  highlighted = false,
}: {
  title: string;
  price: string;
  period?: string;
  note?: string;
  features: string[];
  highlighted?: boolean;
}) {
  return (
    <div className={highlighted ? 'rounded-lg border-2 border-primary p-6' : 'rounded-lg border p-6'}>
      <h3 className="text-xl font-semibold">{title}</h3>
      <p className="mt-2 text-3xl font-bold">
        {price}
        {period ? <span className="text-base font-normal text-muted-foreground"> {period}</span> : null}
      </p>
      {note ? <p className="mt-1 text-sm font-semibold text-success">{note}</p> : null}
      <ul className="mt-4 space-y-2 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="h-4 w-4 shrink-0 text-success" />
            {feature}
          </li>
        ))}
      </ul>
    </div>
  );
}

function money(amount: number, currency: 'USD' | 'JPY'): string {
  return formatNumber(amount, { style: 'currency', currency, minimumFractionDigits: currency === 'JPY' ? 0 : 2 });
}

/** The public landing page: hero, features, pricing, call to action, footer. Light by design. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const now = new Date();
  const currency = currencyForLanguage(currentLanguage());
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
        <span className="flex items-center gap-2 text-xl font-bold">
          <GraduationCap aria-hidden="true" className="h-8 w-8 text-primary" />
          StudyPilot
        </span>
        <nav aria-label={t('navLabel')} className="flex items-center gap-2">
          <Link to="/auth" className="rounded-md px-3 py-2 font-medium hover:bg-muted">
            {t('signIn')}
          </Link>
          <Link to="/auth#register" className="rounded-md bg-primary px-3 py-2 font-medium text-primary-foreground hover:opacity-90">
            {t('getStarted')}
          </Link>
        </nav>
      </header>
      <main>
        <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t('hero.title')}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/auth#register"
              className="rounded-md bg-primary px-6 py-3 text-lg font-semibold text-primary-foreground hover:opacity-90"
            >
              {t('hero.cta', { days: TRIAL_DAYS })}
            </Link>
            <a href="#features" className="rounded-md border px-6 py-3 text-lg font-semibold hover:bg-muted">
              {t('hero.learnMore')}
            </a>
          </div>
        </section>
        <section id="features" aria-labelledby="features-title" className="bg-muted px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="features-title" className="text-center text-3xl font-bold">
              {t('features.title')}
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ id, icon: Icon }) => (
                <li key={id} className="rounded-lg border bg-card p-6">
                  <Icon aria-hidden="true" className="h-8 w-8 text-primary" />
                  <h3 className="mt-3 text-lg font-semibold">{t(`features.${id}.title`)}</h3>
                  <p className="mt-2 text-muted-foreground">{t(`features.${id}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section aria-labelledby="pricing-title" className="mx-auto max-w-5xl px-4 py-16">
          <h2 id="pricing-title" className="text-center text-3xl font-bold">
            {t('pricing.title')}
          </h2>
          <p className="mt-3 text-center text-muted-foreground">{t('pricing.subtitle', { days: TRIAL_DAYS })}</p>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            <PlanCard
              title={t('pricing.free.title')}
              price={money(0, currency)}
              features={FREE_FEATURES.map((key) => t(`pricing.free.${key}`))}
            />
            <PlanCard
              highlighted
              title={t('pricing.monthly.title')}
              price={money(priceFor('monthly', currency, now), currency)}
              period={t('pricing.perMonth')}
              features={PREMIUM_FEATURES.map((key) => t(`pricing.premium.${key}`))}
            />
            <PlanCard
              title={t('pricing.yearly.title')}
              price={money(priceFor('yearly', currency, now), currency)}
              period={t('pricing.perYear')}
              note={t('pricing.save', { percent: yearlySavingPercent(currency, now) })}
              features={PREMIUM_FEATURES.map((key) => t(`pricing.premium.${key}`))}
            />
          </div>
        </section>
        <section className="bg-primary px-4 py-14 text-center text-primary-foreground">
          <BookOpen aria-hidden="true" className="mx-auto h-10 w-10" />
          <h2 className="mt-3 text-3xl font-bold">{t('cta.title')}</h2>
          <Link
            to="/auth#register"
            className="mt-6 inline-block rounded-md bg-background px-6 py-3 font-semibold text-foreground hover:opacity-90"
          >
            {t('getStarted')}
          </Link>
        </section>
      </main>
      <footer className="px-4 py-8 text-center text-sm text-muted-foreground">
        <nav aria-label={t('legalNav')} className="mb-3 flex flex-wrap justify-center gap-4">
          <Link to="/privacy-policy" className="underline-offset-2 hover:underline">
            {t('privacyLink')}
          </Link>
          <Link to="/terms-conditions" className="underline-offset-2 hover:underline">
            {t('termsLink')}
          </Link>
        </nav>
        {t('footer', { year: now.getFullYear() })}
      </footer>
    </div>
  );
}
