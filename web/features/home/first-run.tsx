import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';

/** A new account: three steps into the real forms, or a sample semester to explore. */
export function FirstRun({ onLoadSample, loading }: { onLoadSample: () => void; loading: boolean }) {
  const { t } = useTranslation('home');
  const steps = [
    { to: '/schedule?tab=terms&new=term', title: t('firstRun.term'), text: t('firstRun.termText') },
    { to: '/schedule?tab=classes&new=class', title: t('firstRun.classes'), text: t('firstRun.classesText') },
    { to: '/tasks?new=1', title: t('firstRun.task'), text: t('firstRun.taskText') },
  ];
  return (
    <Card className="space-y-4" role="region" aria-labelledby="home-first-run">
      <div>
        <h2 id="home-first-run" className="text-xl font-semibold">
          {t('firstRun.title')}
        </h2>
        <p className="text-muted-foreground">{t('firstRun.intro')}</p>
      </div>
      <ol className="space-y-3">
        {steps.map((step, index) => (
          <li key={step.to} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
            <div className="min-w-0">
              <p className="font-medium">{t('firstRun.step', { number: index + 1, title: step.title })}</p>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </div>
            <Link to={step.to} className="rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:opacity-90">
              {step.title}
            </Link>
          </li>
        ))}
      </ol>
      <EmptyState
        title={t('firstRun.sampleTitle')}
        description={t('firstRun.sampleText')}
        action={
          <Button variant="outline" onClick={onLoadSample} disabled={loading}>
            {loading ? t('firstRun.loading') : t('firstRun.loadSample')}
          </Button>
        }
      />
    </Card>
  );
}
