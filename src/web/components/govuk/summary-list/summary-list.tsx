import type { MouseEventHandler, ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface SummaryListAction {
  href: string;
  text?: string;
  html?: ReactNode;
  visuallyHiddenText?: string;
  classes?: string;
  attributes?: HtmlAttributes;
  /** React only: lets the SPA route instead of reloading the page. */
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

export interface SummaryListActions {
  items?: SummaryListAction[];
  classes?: string;
}

export interface SummaryListContent {
  text?: string;
  html?: ReactNode;
  classes?: string;
}

export interface SummaryListRow {
  classes?: string;
  key: SummaryListContent;
  value: SummaryListContent;
  actions?: SummaryListActions;
}

export interface SummaryCardTitle {
  text?: string;
  html?: ReactNode;
  headingLevel?: number;
  classes?: string;
}

export interface SummaryCard {
  title?: SummaryCardTitle;
  actions?: SummaryListActions;
  classes?: string;
  attributes?: HtmlAttributes;
}

/** Options of govuk-frontend's `govukSummaryList` macro; falsy rows are skipped, as the macro does. */
export interface SummaryListProps {
  rows: Array<SummaryListRow | null | false | undefined>;
  card?: SummaryCard;
  classes?: string;
  attributes?: HtmlAttributes;
}

export function SummaryList({ rows, card, classes, attributes }: SummaryListProps) {
  // Rows without actions are styled differently only when another row has some.
  const anyRowHasActions = rows.some((row) => row && row.actions?.items?.length);
  const list = (
    <dl className={classNames('govuk-summary-list', classes)} {...toReactAttributes(attributes)}>
      {rows.map(
        (row, index) =>
          row && (
            <div
              key={index}
              className={classNames(
                'govuk-summary-list__row',
                anyRowHasActions && !row.actions?.items && 'govuk-summary-list__row--no-actions',
                row.classes,
              )}
            >
              <dt className={classNames('govuk-summary-list__key', row.key.classes)}>{row.key.html || row.key.text}</dt>
              <dd className={classNames('govuk-summary-list__value', row.value.classes)}>
                {row.value.html || row.value.text}
              </dd>
              {row.actions?.items?.length ? (
                <dd className={classNames('govuk-summary-list__actions', row.actions.classes)}>
                  {row.actions.items.length === 1 && row.actions.items[0] ? (
                    <ActionLink action={row.actions.items[0]} cardTitle={card?.title} />
                  ) : (
                    <ul className="govuk-summary-list__actions-list">
                      {row.actions.items.map((action, actionIndex) => (
                        <li key={actionIndex} className="govuk-summary-list__actions-list-item">
                          <ActionLink action={action} cardTitle={card?.title} />
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              ) : null}
            </div>
          ),
      )}
    </dl>
  );
  return card ? <Card card={card}>{list}</Card> : list;
}

function Card({ card, children }: { card: SummaryCard; children: ReactNode }) {
  const { title, actions } = card;
  const Heading = `h${title?.headingLevel || 2}` as 'h2';
  const items = actions?.items ?? [];
  return (
    <div className={classNames('govuk-summary-card', card.classes)} {...toReactAttributes(card.attributes)}>
      <div className="govuk-summary-card__title-wrapper">
        {title && (
          <Heading className={classNames('govuk-summary-card__title', title.classes)}>
            {title.html || title.text}
          </Heading>
        )}
        {items.length === 1 && items[0] ? (
          <div className={classNames('govuk-summary-card__actions', actions?.classes)}>
            <ActionLink action={items[0]} cardTitle={title} />
          </div>
        ) : items.length > 1 ? (
          <ul className={classNames('govuk-summary-card__actions', actions?.classes)}>
            {items.map((action, index) => (
              <li key={index} className="govuk-summary-card__action">
                <ActionLink action={action} cardTitle={title} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="govuk-summary-card__content">{children}</div>
    </div>
  );
}

// Screen readers hear which row (and which card) an action such as "Change" belongs to.
function ActionLink({ action, cardTitle }: { action: SummaryListAction; cardTitle: SummaryCardTitle | undefined }) {
  return (
    <a
      className={classNames('govuk-link', action.classes)}
      href={action.href}
      {...toReactAttributes(action.attributes)}
      onClick={action.onClick}
    >
      {action.html || action.text}
      {(action.visuallyHiddenText || cardTitle) && (
        <span className="govuk-visually-hidden">
          {action.visuallyHiddenText && ` ${action.visuallyHiddenText}`}
          {cardTitle && (
            <>
              {' ('}
              {cardTitle.html || cardTitle.text}
              {')'}
            </>
          )}
        </span>
      )}
    </a>
  );
}
