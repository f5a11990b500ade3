import { mentionsUploadAdvice, UPLOAD_ADVICE, type GuideArticle } from './article';

/** Renders a guide's sections as plain, readable article markup. */
export function ArticleBody({ article }: { article: GuideArticle }) {
  return (
    <div className="space-y-8 text-slate-700 dark:text-slate-200">
      <p className="text-lg">{article.intro}</p>
      {article.sections.map((section) => (
        <section key={section.heading}>
          <h2 className="text-xl font-bold text-slate-900 dark:text-white">{section.heading}</h2>
          {section.paragraphs?.map((p) => (
            <p key={p} className="mt-3 leading-relaxed">
              {p}
            </p>
          ))}
          {section.steps ? (
            <ol className="mt-3 list-decimal space-y-2 pl-6 leading-relaxed marker:font-semibold marker:text-brand-700 dark:marker:text-brand-400">
              {section.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          ) : null}
          {section.tips ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed">
              {section.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {mentionsUploadAdvice(article) ? null : (
        <aside
          aria-label="Good to know"
          className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <strong className="font-semibold text-slate-900 dark:text-white">Good to know: </strong>
          {UPLOAD_ADVICE}
        </aside>
      )}
    </div>
  );
}
