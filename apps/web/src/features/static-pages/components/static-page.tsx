import { Card, Typography } from 'antd';
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

/** Shared frame of the text pages: a readable column width and consistent heading levels. */
export function StaticPage({ title, meta, intro, sections = [], children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <div className="page page-narrow">
      <Card className="static-page">
        <Typography.Title level={2}>{title}</Typography.Title>
        {meta ? <Typography.Paragraph type="secondary">{meta}</Typography.Paragraph> : null}
        {intro}
        {sections.map((s) => (
          <section key={s.heading}>
            <Typography.Title level={4}>{s.heading}</Typography.Title>
            {s.paragraphs?.map((p) => <Typography.Paragraph key={p}>{p}</Typography.Paragraph>)}
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
      </Card>
    </div>
  );
}
