import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { formatCalendarDate } from '../../lib/format';
import { LEGAL_PATH, LEGAL_UPDATED, legalSectionKeys, type LegalDocument } from './legal-content';

/** /privacy-policy and /terms-conditions: numbered sections with a table of contents, readable signed out. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const sections = legalSectionKeys(document);
  const other: LegalDocument = document === 'privacy' ? 'terms' : 'privacy';
  return (
    <article aria-labelledby="legal-title" className="mx-auto max-w-3xl" data-testid={`legal-${document}`}>
      <h1 id="legal-title" className="text-2xl font-bold sm:text-3xl">
        {t(`${document}.title`)}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('updated', { date: formatCalendarDate(LEGAL_UPDATED) })}</p>
      <p className="mt-4">{t(`${document}.intro`)}</p>
      <Card className="mt-6">
        <nav aria-labelledby="legal-contents">
          <h2 id="legal-contents" className="mb-2 font-semibold">
            {t('contents')}
          </h2>
          <ol className="list-decimal space-y-1 pl-6">
            {sections.map((key) => (
              <li key={key}>
                <a href={`#${document}-${key}`} className="text-primary underline-offset-2 hover:underline">
                  {t(`${document}.sections.${key}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </Card>
      {sections.map((key, index) => (
        <section key={key} id={`${document}-${key}`} aria-labelledby={`${document}-${key}-title`} className="mt-8 scroll-mt-20">
          <h2 id={`${document}-${key}-title`} className="text-xl font-semibold">
            {t('sectionHeading', { number: index + 1, title: t(`${document}.sections.${key}.title`) })}
          </h2>
          {t(`${document}.sections.${key}.body`)
            .split('\n\n')
            .map((paragraph, paragraphIndex) => (
              <p key={paragraphIndex} className="mt-3 leading-relaxed">
                {paragraph}
              </p>
            ))}
        </section>
      ))}
      <p className="mt-10">
        <Link to={LEGAL_PATH[other]} className="font-medium text-primary underline-offset-2 hover:underline">
          {t(`otherDocument.${document}`)}
        </Link>
      </p>
    </article>
  );
}

export function PrivacyPolicyPage() {
  return <LegalPage document="privacy" />;
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}
