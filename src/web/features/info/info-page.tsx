import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Translation texts (paragraphs, headings, lists, links) one after the other; links route in the SPA. */
export function InfoTexts({ textKeys }: { textKeys: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return textKeys.map((key) => <RenderedText key={key} html={t(key)} onNavigate={(path) => void navigate(path)} />);
}

/**
 * A static information page: its title (document title and heading), then its texts, in a
 * two-thirds column. `lead` comes straight after the heading, `children` after the texts.
 */
export function InfoPage({
  titleKey,
  textKeys,
  headingClass = 'govuk-heading-l',
  lead,
  children,
}: {
  titleKey: string;
  textKeys: string[];
  headingClass?: 'govuk-heading-l' | 'govuk-heading-xl';
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className={headingClass}>{title}</h1>
        {lead}
        <InfoTexts textKeys={textKeys} />
        {children}
      </div>
    </div>
  );
}
