import { Check, ChevronLeft, ChevronRight, Crown, Globe, GraduationCap, Monitor, Moon, Palette, Shapes, Sun } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GRADING_SYSTEM_GROUPS, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { cn } from '../../lib/class-names';
import { LANGUAGES, LANGUAGE_NAMES, currentLanguage } from '../../lib/i18n';
import { THEME_COLORS, THEME_MODES, UI_STYLES, isPremiumThemeOption } from '../../lib/theme';
import { useGradingSystem } from '../../api/grades';
import { useUpdateGradingSystem } from '../../api/grades';
import { useChooseLanguage } from '../../api/account';
import { useTheme } from './use-theme';

type Page = 'main' | 'mode' | 'color' | 'style' | 'language' | 'grading';

const SWATCHES: Record<(typeof THEME_COLORS)[number], string> = {
  blue: '#1d4ed8',
  purple: '#7e22ce',
  green: '#15803d',
  orange: '#c2410c',
  pink: '#be185d',
  teal: '#0f766e',
  indigo: '#4338ca',
};
const MODE_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

function Row({
  icon,
  label,
  value,
  onClick,
  badge,
}: {
  icon: ReactNode;
  label: string;
  value?: string;
  onClick?: () => void;
  badge?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-3 rounded-md px-3 py-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      {icon}
      <span className="flex-1 font-medium">{label}</span>
      {badge ? <span className="rounded-full border border-success px-2 py-0.5 text-xs font-semibold text-foreground">{badge}</span> : null}
      {value ? <span className="text-sm text-muted-foreground">{value}</span> : null}
      {onClick ? <ChevronRight aria-hidden="true" className="h-4 w-4 text-muted-foreground" /> : null}
    </button>
  );
}

/** Marks a theme option exclusive to Premium (and the trial). */
function PremiumTag({ label }: { label: string }) {
  return (
    <span className="ml-2 inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold">
      <Crown aria-hidden="true" className="h-3 w-3" />
      {label}
    </span>
  );
}

/** A list of choices where exactly one is selected: a radio group for assistive technology. */
function Choices<T extends string>({
  label,
  options,
  value,
  onChange,
  render,
  locked,
}: {
  label: string;
  options: readonly T[];
  value: T | undefined;
  onChange: (value: T) => void;
  render: (option: T) => ReactNode;
  /** Options shown but not selectable (Premium's exclusive themes without premium). */
  locked?: (option: T) => boolean;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="space-y-1">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={option === value}
          aria-disabled={locked?.(option) || undefined}
          data-value={option}
          onClick={() => {
            if (!locked?.(option)) onChange(option);
          }}
          className={cn(
            'flex w-full items-center gap-3 rounded-md border px-3 py-2.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
            option === value && 'border-primary bg-accent text-accent-foreground',
            locked?.(option) && 'cursor-not-allowed opacity-70 hover:bg-transparent',
          )}
        >
          <span className="flex-1">{render(option)}</span>
          {option === value ? <Check aria-hidden="true" className="h-4 w-4" /> : null}
        </button>
      ))}
    </div>
  );
}

/**
 * The Settings dialog of docs/product.md §2: a main list with the premium row, then mode, colour theme, style,
 * language and grading system pages. Theme settings persist locally (docs/product.md §9 keys); the grading
 * system is saved on the server, and so is the language (decision 219), which applies here at once.
 */
export function SettingsDialog({
  open,
  onOpenChange,
  premiumActive,
  onOpenPremium,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  premiumActive: boolean;
  onOpenPremium: () => void;
  /** Where focus goes on close (it opens from a menu item, gone by then). */
  returnFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation('settings');
  const [page, setPage] = useState<Page>('main');
  const [theme, setTheme] = useTheme();
  const grading = useGradingSystem();
  const updateGrading = useUpdateGradingSystem();
  const chooseLanguage = useChooseLanguage();
  const language = currentLanguage();
  const icon = (Icon: typeof Sun) => <Icon aria-hidden="true" className="h-5 w-5 text-muted-foreground" />;
  const titles: Record<Page, string> = {
    main: t('title'),
    mode: t('mode.title'),
    color: t('color.title'),
    style: t('style.title'),
    language: t('language.title'),
    grading: t('grading.title'),
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setPage('main');
      }}
    >
      <DialogContent title={titles[page]} closeLabel={t('close')} {...(returnFocus ? { returnFocus } : {})}>
        {page !== 'main' ? (
          <button
            type="button"
            onClick={() => setPage('main')}
            className="mb-3 inline-flex items-center gap-1 text-sm text-primary hover:underline"
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            {t('back')}
          </button>
        ) : null}
        {page === 'main' ? (
          <div className="space-y-1">
            <Row icon={icon(Crown)} label={t('premium')} badge={premiumActive ? t('active') : undefined} onClick={onOpenPremium} />
            <Row
              icon={icon(MODE_ICONS[theme.mode])}
              label={t('mode.title')}
              value={t(`mode.${theme.mode}`)}
              onClick={() => setPage('mode')}
            />
            <Row icon={icon(Palette)} label={t('color.title')} value={t(`color.${theme.color}`)} onClick={() => setPage('color')} />
            <Row icon={icon(Shapes)} label={t('style.title')} value={t(`style.${theme.style}`)} onClick={() => setPage('style')} />
            <Row icon={icon(Globe)} label={t('language.title')} value={LANGUAGE_NAMES[language]} onClick={() => setPage('language')} />
            <Row
              icon={icon(GraduationCap)}
              label={t('grading.title')}
              value={grading.data ? t(`grading.systems.${grading.data.system}`) : undefined}
              onClick={() => setPage('grading')}
            />
          </div>
        ) : null}
        {page === 'mode' ? (
          <Choices
            label={t('mode.title')}
            options={THEME_MODES}
            value={theme.mode}
            onChange={(mode) => setTheme({ mode })}
            render={(mode) => t(`mode.${mode}`)}
          />
        ) : null}
        {page === 'color' ? (
          <Choices
            label={t('color.title')}
            options={THEME_COLORS}
            value={theme.color}
            onChange={(color) => setTheme({ color })}
            locked={(color) => !premiumActive && isPremiumThemeOption(color)}
            render={(color) => (
              <span className="flex items-center gap-3">
                <span aria-hidden="true" className="h-5 w-5 rounded-full" style={{ background: SWATCHES[color] }} />
                {t(`color.${color}`)}
                {isPremiumThemeOption(color) ? <PremiumTag label={t('premiumOnly')} /> : null}
              </span>
            )}
          />
        ) : null}
        {page === 'style' ? (
          <Choices
            label={t('style.title')}
            options={UI_STYLES}
            value={theme.style}
            onChange={(style) => setTheme({ style })}
            locked={(style) => !premiumActive && isPremiumThemeOption(style)}
            render={(style) => (
              <span>
                <span className="block">
                  {t(`style.${style}`)}
                  {isPremiumThemeOption(style) ? <PremiumTag label={t('premiumOnly')} /> : null}
                </span>
                <span className="block text-xs text-muted-foreground">{t(`style.${style}Hint`)}</span>
              </span>
            )}
          />
        ) : null}
        {page === 'language' ? (
          <Choices
            label={t('language.title')}
            options={LANGUAGES}
            value={language}
            onChange={(next) => chooseLanguage.mutate(next)}
            render={(code) => <span lang={code}>{LANGUAGE_NAMES[code]}</span>}
          />
        ) : null}
        {page === 'grading' ? (
          // Grouped by country (issue 23): one labelled radio group per country, one choice overall.
          <div className="space-y-4">
            {GRADING_SYSTEM_GROUPS.map((group) => (
              <section key={group.id} aria-labelledby={`grading-group-${group.id}`}>
                <h3 id={`grading-group-${group.id}`} className="mb-1 text-sm font-medium text-muted-foreground">
                  {t(`grading.groups.${group.id}`)}
                </h3>
                <Choices<GradingSystemKey>
                  label={`${t('grading.title')}: ${t(`grading.groups.${group.id}`)}`}
                  options={group.keys}
                  value={grading.data?.system}
                  onChange={(system) => updateGrading.mutate(system)}
                  render={(system) => t(`grading.systems.${system}`)}
                />
              </section>
            ))}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
