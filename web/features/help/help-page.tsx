import { ArrowLeft, MessageSquare, Search, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { ErrorState, LoadingState } from '../../components/ui/page-state';
import { currentLanguage } from '../../lib/i18n';
import { HELP_CATEGORIES, useHelpContent, type HelpContent } from './help-content';
import { helpfulAnswer, saveHelpfulAnswer, type HelpfulAnswer } from './help-feedback';
import { highlightParts, searchArticles, type HelpArticle } from './help-search';

/** Text with the parts matching `query` in <mark> (odd parts of highlightParts). */
function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-700">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A short excerpt of the body around the first match (or its start). */
function excerpt(body: string, query: string): string {
  const parts = highlightParts(body, query);
  const before = parts[0] ?? '';
  const start = parts.length > 1 ? Math.max(0, before.length - 60) : 0;
  const text = body.slice(start, start + 180).replace(/\n+/g, ' ');
  return `${start > 0 ? '…' : ''}${text}${start + 180 < body.length ? '…' : ''}`;
}

function FeedbackLink() {
  const { t } = useTranslation('help');
  return (
    <Card className="mt-8 flex flex-wrap items-center justify-between gap-3">
      <p className="font-medium">{t('stillNeedHelp')}</p>
      <Link
        to="/feedback"
        className="inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <MessageSquare aria-hidden="true" className="h-4 w-4" />
        {t('sendFeedback')}
      </Link>
    </Card>
  );
}

function HelpHome({ content }: { content: HelpContent }) {
  const { t } = useTranslation('help');
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchArticles(content.articles, query), [content.articles, query]);
  const searching = query.trim() !== '';
  const categoryTitle = (id: string) => content.categories.find((category) => category.id === id)?.title ?? id;
  return (
    <>
      <div className="relative mt-4">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          className="pl-9"
          maxLength={200}
        />
      </div>
      {searching ? (
        <section aria-labelledby="help-results" className="mt-6">
          <h2 id="help-results" className="text-sm font-medium text-muted-foreground" aria-live="polite">
            {results.length > 0 ? t('results', { count: results.length }) : t('noResults', { query: query.trim() })}
          </h2>
          <ul className="mt-3 space-y-3" data-testid="help-results">
            {results.map(({ article }) => (
              <li key={article.slug}>
                <Link
                  to={`/help/${article.slug}`}
                  className="block rounded-lg border p-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="block font-semibold">
                    <Highlighted text={article.title} query={query} />
                  </span>
                  <span className="mt-1 block text-xs text-muted-foreground">{categoryTitle(article.category)}</span>
                  <span className="mt-1 block text-sm text-muted-foreground">
                    <Highlighted text={excerpt(article.body, query)} query={query} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <section aria-labelledby="help-categories" className="mt-6">
          <h2 id="help-categories" className="text-lg font-semibold">
            {t('categories')}
          </h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="help-categories">
            {HELP_CATEGORIES.map((id) => {
              const articles = content.articles.filter((article) => article.category === id);
              return (
                <Card key={id} className="sm:p-5">
                  <h3 className="font-semibold">{categoryTitle(id)}</h3>
                  <p className="text-xs text-muted-foreground">{t('articleCount', { count: articles.length })}</p>
                  <ul className="mt-2 space-y-1 text-sm">
                    {articles.map((article) => (
                      <li key={article.slug}>
                        <Link to={`/help/${article.slug}`} className="text-primary underline-offset-2 hover:underline">
                          {article.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </Card>
              );
            })}
          </div>
        </section>
      )}
      <FeedbackLink />
    </>
  );
}

function WasThisHelpful({ slug }: { slug: string }) {
  const { t } = useTranslation('help');
  const [answer, setAnswer] = useState<HelpfulAnswer | null>(() => helpfulAnswer(slug));
  const choose = (value: HelpfulAnswer) => {
    saveHelpfulAnswer(slug, value);
    setAnswer(value);
  };
  return (
    <Card className="mt-8" data-testid="help-helpful">
      <p className="font-medium" id="helpful-question">
        {t('helpfulQuestion')}
      </p>
      <div role="group" aria-labelledby="helpful-question" className="mt-3 flex gap-2">
        <Button variant={answer === 'yes' ? 'primary' : 'outline'} size="sm" aria-pressed={answer === 'yes'} onClick={() => choose('yes')}>
          <ThumbsUp aria-hidden="true" className="h-4 w-4" />
          {t('yes')}
        </Button>
        <Button variant={answer === 'no' ? 'primary' : 'outline'} size="sm" aria-pressed={answer === 'no'} onClick={() => choose('no')}>
          <ThumbsDown aria-hidden="true" className="h-4 w-4" />
          {t('no')}
        </Button>
      </div>
      {answer ? (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          {answer === 'yes' ? t('thanksYes') : t('thanksNo')}
        </p>
      ) : null}
    </Card>
  );
}

function HelpArticleView({ article, content }: { article: HelpArticle | undefined; content: HelpContent }) {
  const { t } = useTranslation('help');
  const back = (
    <Link to="/help" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('back')}
    </Link>
  );
  if (!article) {
    return (
      <section aria-labelledby="help-article-title" className="mx-auto max-w-3xl">
        {back}
        <h1 id="help-article-title" className="mt-4 text-2xl font-bold">
          {t('notFoundTitle')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('notFound')}</p>
      </section>
    );
  }
  const category = content.categories.find((item) => item.id === article.category)?.title ?? article.category;
  return (
    <article aria-labelledby="help-article-title" className="mx-auto max-w-3xl" data-testid="help-article">
      {back}
      <p className="mt-4 text-sm text-muted-foreground">{t('category', { category })}</p>
      <h1 id="help-article-title" className="mt-1 text-2xl font-bold">
        {article.title}
      </h1>
      {article.body.split('\n\n').map((paragraph, index) => (
        <p key={index} className="mt-4 leading-relaxed">
          {paragraph}
        </p>
      ))}
      <WasThisHelpful key={article.slug} slug={article.slug} />
      <FeedbackLink />
    </article>
  );
}

/** /help and /help/:slug: search as you type, the 11 categories, articles with deep links (decision 122). */
export function HelpPage() {
  const { t } = useTranslation('help');
  const { slug } = useParams();
  const language = currentLanguage();
  const content = useHelpContent(language);
  let body;
  if (content.status === 'loading') body = <LoadingState label={t('common:loading')} />;
  else if (content.status === 'error')
    body = (
      <ErrorState title={t('loadError')} description={t('common:errors.loadDescription')} retryLabel={t('retry')} onRetry={content.retry} />
    );
  else if (slug !== undefined)
    return <HelpArticleView article={content.content.articles.find((article) => article.slug === slug)} content={content.content} />;
  else body = <HelpHome content={content.content} />;
  return (
    <section aria-labelledby="help-title" className="mx-auto max-w-5xl">
      <h1 id="help-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      <p className="mt-1 text-muted-foreground">{t('subtitle')}</p>
      {body}
    </section>
  );
}
