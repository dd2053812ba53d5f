import {
  Bell,
  CalendarDays,
  Check,
  Clock,
  GraduationCap,
  Languages,
  ListChecks,
  Quote,
  Smartphone,
  Timer,
  TrendingUp,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { landingPath } from '../../../common/domain/landing-pages';
import { cn } from '../../lib/class-names';
import { formatClock, formatGradeLabel, formatNumber, weekdayNames } from '../../lib/format';
import { currentLanguage, LANGUAGES, LANGUAGE_NAMES, type Language } from '../../lib/i18n';
import { dueStatusLabel } from '../../lib/due-label';
import { DEMO_COURSE_COLORS, DEMO_NOW, DEMO_TASKS, DEMO_TIME_ZONE, demoGrade, demoWeek } from './demo-data';
import { landingPricing } from './landing-pricing';
import { BUILT_IN_GRADING_SYSTEM_KEYS } from '../../../common/domain/grading-systems';
import { TRIAL_DAYS } from '../../../common/domain/premium-access';
import type { PremiumBenefit } from '../../../common/domain/premium-benefits';
import { FORECAST_WEEKS } from '../../../common/domain/workload-forecast';
import { buttonClassName } from '../../components/ui/button';
import { TableHead } from '../../components/ui/table-head';
import { SkipLink } from '../../components/ui/skip-link';

/** The namespaces the page reads (the prerender step loads exactly these). */
export const LANDING_NAMESPACES = ['landing', 'tasks', 'settings'] as const;

/** What exists today (docs/product.md §1 minus what is still to come: files, templates, payments). */
const FEATURES: ReadonlyArray<{ id: string; icon: LucideIcon }> = [
  { id: 'schedule', icon: CalendarDays },
  { id: 'tasks', icon: ListChecks },
  { id: 'grades', icon: GraduationCap },
  { id: 'progress', icon: TrendingUp },
  { id: 'study', icon: Timer },
  { id: 'rewards', icon: Trophy },
  { id: 'support', icon: Bell },
  { id: 'phone', icon: Smartphone },
  { id: 'languages', icon: Languages },
];

const FREE_FEATURES = ['schedule', 'tasks', 'grades', 'progress', 'timer', 'rewards'] as const;
/** Premium's plan cards: the first three of what Premium adds (common/domain/premium-benefits.ts). */
export const PREMIUM_FEATURES = ['history', 'files', 'templates'] as const satisfies readonly PremiumBenefit[];
const TESTIMONIALS = ['planner', 'grades', 'focus'] as const;

/**
 * The numbers the landing page states, taken from the code that makes them true and written in the
 * page's language (docs/decisions/181-copy-from-the-code.md): the texts say `{{gradingSystems}}`,
 * `{{trialDays}}` and `{{forecastWeeks}}`, never the number itself, so a new grading system or a
 * longer trial changes the page with it (web/copy-check.test.ts holds the texts to this).
 */
export function landingFacts(language: Language): { gradingSystems: string; trialDays: string; forecastWeeks: string } {
  return {
    gradingSystems: formatNumber(BUILT_IN_GRADING_SYSTEM_KEYS.length, undefined, language),
    trialDays: formatNumber(TRIAL_DAYS, undefined, language),
    forecastWeeks: formatNumber(FORECAST_WEEKS, undefined, language),
  };
}
export const DEMO_TABS = ['week', 'tasks', 'grade'] as const;
type DemoTab = (typeof DEMO_TABS)[number];

const PRIORITY_CLASS = {
  high: 'border-red-600 text-red-700 dark:border-red-400 dark:text-red-300',
  medium: 'border-amber-600 text-amber-800 dark:border-amber-400 dark:text-amber-200',
  low: 'border-slate-500 text-slate-700 dark:border-slate-400 dark:text-slate-300',
} as const;

/**
 * A link into the app (/auth). In the prerendered page a plain `<a>`; inside the running app the
 * router's `Link`, so that no page reload happens.
 */
export type AppLink = (props: { to: string; className: string; children: ReactNode }) => ReactNode;

const plainLink: AppLink = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
);

const routerLink: AppLink = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
);

function DemoWeek({ language }: { language: Language }) {
  const { t } = useTranslation('landing');
  const week = demoWeek();
  const names = weekdayNames('short', language);
  return (
    <div>
      <p className="mb-3 text-sm text-muted-foreground">{t('demo.week.caption', { week: week.week })}</p>
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-5">
        {week.days.map(({ weekday, classes }) => (
          <li key={weekday} className="rounded-lg border bg-background p-2">
            <h3 className="mb-2 text-sm font-semibold">{names[weekday]}</h3>
            <ul className="space-y-1.5">
              {classes.map((entry) => (
                <li
                  key={`${entry.courseId}-${entry.startTime}`}
                  className="rounded-md bg-muted px-2 py-1 text-xs"
                  style={{ borderLeft: `4px solid ${DEMO_COURSE_COLORS[entry.courseId]}` }}
                >
                  <span className="block font-medium">{t(`demo.courses.${entry.courseId}`)}</span>
                  <span className="text-muted-foreground">
                    {t('demo.week.time', { start: formatClock(entry.startTime, language), end: formatClock(entry.endTime, language) })}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

function DemoTasks({ language }: { language: Language }) {
  const { t } = useTranslation('landing');
  const { t: tasksT } = useTranslation('tasks');
  return (
    <ul className="space-y-2">
      {DEMO_TASKS.map((task) => (
        <li
          key={task.id}
          className="flex items-start gap-3 rounded-lg border bg-background p-3"
          style={{ borderLeftWidth: 6, borderLeftColor: DEMO_COURSE_COLORS[task.courseId] }}
        >
          <Check
            aria-hidden="true"
            className={cn(
              'mt-0.5 h-5 w-5 shrink-0 rounded border p-0.5',
              task.completed ? 'bg-primary text-primary-foreground' : 'text-transparent',
            )}
          />
          <div className="min-w-0 flex-1">
            <p className={cn('font-medium', task.completed && 'text-muted-foreground line-through')}>{t(`demo.tasks.${task.id}`)}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
              <span className="font-medium">{dueStatusLabel(tasksT, task, DEMO_NOW, DEMO_TIME_ZONE, language)}</span>
              <span className="text-muted-foreground">{t(`demo.courses.${task.courseId}`)}</span>
              <span className={cn('rounded-full border px-2 py-0.5 font-medium', PRIORITY_CLASS[task.priority])}>
                {tasksT('list.priority', { priority: tasksT(`priorities.${task.priority}`) })}
              </span>
              <span className="rounded-full bg-muted px-2 py-0.5">{tasksT(`types.${task.taskType}`)}</span>
              {task.reminder ? (
                <span className="inline-flex items-center gap-1 text-muted-foreground">
                  <Bell aria-hidden="true" className="h-3.5 w-3.5" />
                  {t('demo.reminder')}
                </span>
              ) : null}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function DemoGrade({ language }: { language: Language }) {
  const { t } = useTranslation('landing');
  const { t: settingsT } = useTranslation('settings');
  const grade = demoGrade();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div>
        <h3 className="font-semibold">{t('demo.courses.physics')}</h3>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">{t('demo.grade.caption')}</caption>
          <TableHead
            columns={[
              { label: t('demo.grade.assessment'), className: 'py-1' },
              { label: t('demo.grade.weight'), className: 'py-1 text-right' },
              { label: t('demo.grade.score'), className: 'py-1 text-right' },
            ]}
          />
          <tbody>
            {grade.assessments.map((assessment) => (
              <tr key={assessment.id} className="border-t">
                <th scope="row" className="py-1.5 text-left font-normal">
                  {t(`demo.grade.assessments.${assessment.id}`)}
                </th>
                <td className="py-1.5 text-right tabular-nums">
                  {t('demo.grade.weightValue', { weight: formatNumber(assessment.weight, undefined, language) })}
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  {t('demo.grade.scoreValue', {
                    score: formatNumber(assessment.score, undefined, language),
                    max: formatNumber(assessment.maxScore, undefined, language),
                    percentage: formatGradeLabel(assessment.percentage, language),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 flex flex-wrap gap-x-4 text-lg font-bold">
          <span>{t('demo.grade.mark', { mark: formatGradeLabel(grade.mark, language) })}</span>
          <span>{t('demo.grade.gpa', { gpa: formatGradeLabel(grade.gpa, language) })}</span>
        </p>
      </div>
      <div>
        <h3 className="font-semibold">{t('demo.grade.systemsTitle')}</h3>
        <dl className="mt-2 grid grid-cols-1 gap-1 text-sm">
          {grade.systems.map(({ system, label }) => (
            <div key={system} className="flex justify-between gap-3 border-t py-1.5">
              <dt className="text-muted-foreground">{settingsT(`grading.systems.${system}`)}</dt>
              <dd className="font-semibold tabular-nums">{formatGradeLabel(label, language)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/**
 * The demo's tabs (WAI-ARIA tabs: arrows, Home and End move between them). Interactive through React
 * inside the app; in the prerendered page the same markup is driven by landing-script.js.
 */
function Demo({ language }: { language: Language }) {
  const { t } = useTranslation('landing');
  const [selected, setSelected] = useState<DemoTab>('week');
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = DEMO_TABS.indexOf(selected);
    const next =
      event.key === 'ArrowRight'
        ? DEMO_TABS[(index + 1) % DEMO_TABS.length]
        : event.key === 'ArrowLeft'
          ? DEMO_TABS[(index + DEMO_TABS.length - 1) % DEMO_TABS.length]
          : event.key === 'Home'
            ? DEMO_TABS[0]
            : event.key === 'End'
              ? DEMO_TABS[DEMO_TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setSelected(next);
    document.getElementById(`demo-tab-${next}`)?.focus();
  };
  const panels: Record<DemoTab, ReactNode> = {
    week: <DemoWeek language={language} />,
    tasks: <DemoTasks language={language} />,
    grade: <DemoGrade language={language} />,
  };
  return (
    <div data-demo="" className="mt-8 rounded-xl border bg-card p-3 shadow-sm sm:p-5">
      <div role="tablist" aria-label={t('demo.tabsLabel')} className="flex flex-wrap gap-1 border-b pb-2">
        {DEMO_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`demo-tab-${tab}`}
            aria-controls={`demo-panel-${tab}`}
            aria-selected={selected === tab}
            tabIndex={selected === tab ? 0 : -1}
            data-demo-tab={tab}
            onClick={() => setSelected(tab)}
            onKeyDown={onKeyDown}
            className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted aria-selected:bg-primary aria-selected:text-primary-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t(`demo.tabs.${tab}`)}
          </button>
        ))}
      </div>
      {DEMO_TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={`demo-panel-${tab}`}
          aria-labelledby={`demo-tab-${tab}`}
          hidden={selected !== tab}
          tabIndex={0}
          className="pt-4 focus-visible:outline-2 focus-visible:outline-ring"
        >
          {panels[tab]}
        </div>
      ))}
      <p className="mt-4 text-xs text-muted-foreground">{t('demo.note')}</p>
    </div>
  );
}

function PlanCard({
  title,
  price,
  regular,
  period,
  note,
  badge,
  features,
  highlighted = false,
}: {
  title: string;
  price: string;
  regular?: string | null;
  period?: string;
  note?: string;
  badge?: string;
  features: string[];
  highlighted?: boolean;
}) {
  const { t } = useTranslation('landing');
  return (
    <div className={cn('rounded-lg border bg-card p-6', highlighted && 'border-2 border-primary')} data-testid="plan">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xl font-semibold">{title}</h3>
        {badge ? <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">{badge}</span> : null}
      </div>
      <p className="mt-2 text-3xl font-bold">
        {regular ? (
          <>
            <s className="mr-2 text-lg font-normal text-muted-foreground">
              <span className="sr-only">{t('pricing.regularPrice')} </span>
              {regular}
            </s>
          </>
        ) : null}
        <span data-testid="price">{price}</span>
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

/**
 * The public landing page (docs/product.md §1): hero, features, demo, testimonials, pricing, call to action,
 * footer. Prerendered per language at build time (scripts/build/prerender.ts) and also the
 * router's `/` inside the running app. `now` decides the prices in force (the promotion's dates).
 */
export function LandingContent({ language, now, appLink = plainLink }: { language: Language; now: Date; appLink?: AppLink }) {
  const { t } = useTranslation('landing');
  const pricing = landingPricing(language, now);
  const facts = landingFacts(language);
  const AppLinkTo = appLink;
  return (
    <div className="min-h-screen bg-background text-foreground">
      <SkipLink label={t('skipToContent')} />
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-3 sm:px-4 sm:py-4" data-testid="landing-header">
        <span className="flex min-w-0 items-center gap-1.5 text-lg font-bold sm:gap-2 sm:text-xl">
          <GraduationCap aria-hidden="true" className="h-7 w-7 shrink-0 text-primary sm:h-8 sm:w-8" />
          StudyPilot
        </span>
        <nav aria-label={t('navLabel')} className="flex shrink-0 items-center gap-1 sm:gap-2">
          <AppLinkTo
            to="/auth"
            className={buttonClassName({ variant: 'ghost', className: 'whitespace-nowrap px-2 text-sm sm:px-3 sm:text-base' })}
          >
            {t('signIn')}
          </AppLinkTo>
          <AppLinkTo to="/auth#register" className={buttonClassName({ className: 'hidden whitespace-nowrap px-3 sm:inline-flex' })}>
            {t('getStarted')}
          </AppLinkTo>
        </nav>
      </header>
      <main id="main">
        <section className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t('hero.title')}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{t('hero.subtitle', facts)}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <AppLinkTo to="/auth#register" className={buttonClassName({ size: 'lg', className: 'font-semibold' })}>
              {t('hero.cta')}
            </AppLinkTo>
            <a href="#demo" className={buttonClassName({ variant: 'outline', size: 'lg', className: 'font-semibold' })}>
              {t('hero.seeDemo')}
            </a>
          </div>
        </section>
        <section id="features" aria-labelledby="features-title" className="bg-muted px-4 py-14">
          <div className="mx-auto max-w-6xl">
            <h2 id="features-title" className="text-center text-3xl font-bold">
              {t('features.title')}
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ id, icon: Icon }) => (
                <li key={id} className="rounded-lg border bg-card p-6">
                  <Icon aria-hidden="true" className="h-8 w-8 text-primary" />
                  <h3 className="mt-3 text-lg font-semibold">{t(`features.${id}.title`)}</h3>
                  <p className="mt-2 text-muted-foreground">{t(`features.${id}.text`, facts)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section id="demo" aria-labelledby="demo-title" className="mx-auto max-w-5xl px-4 py-14">
          <h2 id="demo-title" className="text-center text-3xl font-bold">
            {t('demo.title')}
          </h2>
          <p className="mt-3 text-center text-muted-foreground">{t('demo.subtitle')}</p>
          <Demo language={language} />
        </section>
        <section aria-labelledby="testimonials-title" className="bg-muted px-4 py-14">
          <div className="mx-auto max-w-6xl">
            <h2 id="testimonials-title" className="text-center text-3xl font-bold">
              {t('testimonials.title')}
            </h2>
            <p className="mt-3 text-center text-sm text-muted-foreground">{t('testimonials.disclaimer')}</p>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {TESTIMONIALS.map((id) => (
                <li key={id}>
                  <figure className="h-full rounded-lg border bg-card p-6">
                    <Quote aria-hidden="true" className="h-6 w-6 text-primary" />
                    <blockquote className="mt-3">{t(`testimonials.${id}.quote`)}</blockquote>
                    <figcaption className="mt-4 text-sm text-muted-foreground">{t(`testimonials.${id}.who`)}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-5xl px-4 py-14" data-currency={pricing.currency}>
          <h2 id="pricing-title" className="text-center text-3xl font-bold">
            {t('pricing.title')}
          </h2>
          <p className="mt-3 text-center text-muted-foreground">{t('pricing.subtitle', facts)}</p>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            <PlanCard
              title={t('pricing.free.title')}
              price={pricing.free}
              features={FREE_FEATURES.map((key) => t(`pricing.free.${key}`, facts))}
            />
            <PlanCard
              highlighted
              title={t('pricing.monthly.title')}
              price={pricing.monthly.price}
              regular={pricing.monthly.regular}
              period={t('pricing.perMonth')}
              features={PREMIUM_FEATURES.map((key) => t(`pricing.premium.${key}`))}
            />
            <PlanCard
              title={t('pricing.yearly.title')}
              price={pricing.yearly.price}
              regular={pricing.yearly.regular}
              period={t('pricing.perYear')}
              note={t('pricing.save', { percent: pricing.yearlySavingPercent })}
              features={PREMIUM_FEATURES.map((key) => t(`pricing.premium.${key}`))}
            />
          </div>
          <p className="mt-6 text-center text-sm text-muted-foreground">{t('pricing.premiumNote')}</p>
        </section>
        <section aria-labelledby="cta-title" className="bg-primary px-4 py-14 text-center text-primary-foreground">
          <Clock aria-hidden="true" className="mx-auto h-10 w-10" />
          <h2 id="cta-title" className="mt-3 text-3xl font-bold">
            {t('cta.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl">{t('cta.text')}</p>
          <AppLinkTo
            to="/auth#register"
            className={buttonClassName({
              variant: 'outline',
              size: 'lg',
              className: 'mt-6 border-transparent text-base font-semibold text-foreground',
            })}
          >
            {t('getStarted')}
          </AppLinkTo>
        </section>
      </main>
      <footer className="mx-auto max-w-6xl px-4 py-8 text-sm text-muted-foreground">
        <nav aria-label={t('footer.legalLabel')} className="flex flex-wrap justify-center gap-x-4 gap-y-2">
          <a href="/privacy-policy" className="underline-offset-4 hover:underline">
            {t('footer.privacy')}
          </a>
          <a href="/terms-conditions" className="underline-offset-4 hover:underline">
            {t('footer.terms')}
          </a>
        </nav>
        <nav aria-label={t('footer.languagesLabel')} className="mt-4 flex flex-wrap justify-center gap-x-3 gap-y-2">
          {LANGUAGES.map((code) => (
            <a
              key={code}
              href={landingPath(code)}
              hrefLang={code}
              lang={code}
              data-set-lang={code}
              aria-current={code === language ? 'page' : undefined}
              className={cn('underline-offset-4 hover:underline', code === language && 'font-semibold text-foreground')}
            >
              {LANGUAGE_NAMES[code]}
            </a>
          ))}
        </nav>
        <p className="mt-4 text-center">{t('footer.copyright', { year: now.getFullYear() })}</p>
      </footer>
    </div>
  );
}

/** The router's `/` inside the running app (a client-side visit; a page load gets the prerendered file). */
export function LandingPage() {
  useTranslation(LANDING_NAMESPACES);
  return <LandingContent language={currentLanguage()} now={new Date()} appLink={routerLink} />;
}
