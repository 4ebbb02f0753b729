import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

export interface TextSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

interface StaticPageProps {
  title: string;
  meta?: ReactNode;
  intro?: ReactNode;
  sections?: TextSection[];
  children?: ReactNode;
}

/**
 * Shared frame of the text pages: a readable column width and consistent heading levels. Plain markup in antd's card
 * and typography look (global.css, "Text pages"): these pages are text, and antd's Card and Typography would bring
 * tabs, tooltips and an inline editor onto pages that are often a visitor's first.
 */
export function StaticPage({ title, meta, intro, sections = [], children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <div className="page page-narrow">
      <article className="static-page">
        <h1>{title}</h1>
        {meta ? <p className="static-page-meta">{meta}</p> : null}
        {intro}
        {sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.paragraphs?.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {s.items ? (
              <ul className="static-list">
                {s.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        {children}
      </article>
    </div>
  );
}
