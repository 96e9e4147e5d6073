// A question page (GOV.UK pattern): one form, `novalidate`, checked on submit by the server with
// the shared rules of its section (decision 040); on failure the error summary takes focus, each
// field shows its message, the title gains "Error: " and each failure is sent to analytics. The
// fields read their value and error from the page, so a page only says which fields it has.
import { createContext, useContext, type ReactNode } from 'react';
import { DATE_FIELDS, type ApplicantAnswers } from '#shared/domain/answers.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { findStep } from '#shared/journey/steps.ts';
import { answersFromFields } from '#shared/journey/page-forms.ts';
import type { StepPath } from '#shared/journey/paths.ts';
import type { ValidatedField } from '#shared/validation/fields.ts';
import { ERROR_SUMMARY_TITLE_KEY, messageKey } from '#shared/validation/messages.ts';
import { validateSection } from '#shared/validation/sections.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { Checkboxes } from '../../components/govuk/checkboxes/checkboxes.tsx';
import { DateInput } from '../../components/govuk/date-input/date-input.tsx';
import { ErrorSummary } from '../../components/govuk/error-summary/error-summary.tsx';
import { Input, type InputProps } from '../../components/govuk/input/input.tsx';
import { Radios, type RadiosItem } from '../../components/govuk/radios/radios.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FIELD_HINT_KEYS, FIELD_LABEL_KEYS, type QuestionField } from '#shared/journey/answer-texts.ts';
import { DATE_PART_KEYS } from './field-texts.ts';
import { useTrackErrors } from './journey-analytics.ts';
import { JourneyForm, SaveButton } from './journey-form.tsx';
import { JourneyPage } from './journey-page.tsx';
import { useJourney } from './journey-store.ts';

interface QuestionContextValue {
  readonly answers: ApplicantAnswers;
  readonly errors: Readonly<Record<string, string>>;
}

const QuestionContext = createContext<QuestionContextValue>({ answers: {}, errors: {} });

/** The id an error summary link points at: the field, or the day input of a date. */
const fieldAnchor = (field: string) => (DATE_FIELDS.has(field) ? `${field}-day` : field);

/** Reads a form's fields into answers, as the server reads them (the work-dates page shows the leave date as dates are typed). */
export function readAnswers(form: HTMLFormElement, fields: readonly string[]): ApplicantAnswers {
  const data = new FormData(form);
  return answersFromFields(fields, (name) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : undefined;
  });
}

/** The error summary of a page, its links pointing at the fields. */
export function PageErrorSummary({ errors }: { errors: Readonly<Record<string, string>> }) {
  const { t } = useTranslation();
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <ErrorSummary
      titleText={t(ERROR_SUMMARY_TITLE_KEY)}
      errorList={entries.map(([field, rule]) => ({
        href: `#${fieldAnchor(field)}`,
        text: t(messageKey(field as ValidatedField, rule as never)),
      }))}
    />
  );
}

export interface QuestionPageProps {
  readonly path: StepPath;
  readonly title: string;
  /** The page heading is the label or legend of its only field (GOV.UK pattern); otherwise an h1 of its own. */
  readonly headingInField?: boolean;
  readonly intro?: ReactNode;
  readonly children: ReactNode;
  /** Called with the form whenever a field changes (the work-dates page shows the leave date as dates are typed). */
  readonly onInput?: (form: HTMLFormElement) => void;
}

/** A question step's page: heading, error summary, form of its section's fields and a Continue button. */
export function QuestionPage({ path, title, headingInField = false, intro, children, onInput }: QuestionPageProps) {
  const { t } = useTranslation();
  const { state } = useJourney();
  const step = findStep(path)!;
  // An answer given before that no longer passes (a date now too close, a reused set that does
  // not fit this member) is why the user was sent back here: its errors show at once.
  const stale = () =>
    state.complete.includes(path) ? validateSection(step.section, answersOf(state.current), new Date()) : {};
  const errors = (state.errors[step.section] ?? stale()) as Record<string, string>;

  // The server refused the answers: each failure goes to analytics.
  const onAnswered = useTrackErrors(path, step.section);

  return (
    <JourneyPage path={path} title={title} hasErrors={Object.keys(errors).length > 0}>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <PageErrorSummary errors={errors} />
          {!headingInField && <h1 className="govuk-heading-l">{title}</h1>}
          {intro}
          <JourneyForm path={path} onAnswered={onAnswered} onInput={onInput}>
            <QuestionContext.Provider value={{ answers: answersOf(state.current), errors }}>
              {children}
            </QuestionContext.Provider>
            <div className="govuk-button-group">
              <Button text={t('apply.continue')} type="submit" />
              <SaveButton />
            </div>
          </JourneyForm>
        </div>
      </div>
    </JourneyPage>
  );
}

/** A field of this question page: its saved value, label, hint and error message (for fields the page draws itself). */
export function useField(field: QuestionField) {
  const { t } = useTranslation();
  const { answers, errors } = useContext(QuestionContext);
  const rule = errors[field];
  const hintKey = FIELD_HINT_KEYS[field];
  return {
    value: answers[field],
    label: t(FIELD_LABEL_KEYS[field]),
    hint: hintKey === undefined ? undefined : { html: <RenderedText html={t(hintKey)} inline /> },
    errorMessage: rule === undefined ? undefined : fieldError(t, t(messageKey(field as ValidatedField, rule as never))),
  };
}

export interface TextFieldProps extends Pick<
  InputProps,
  'type' | 'autocomplete' | 'spellcheck' | 'classes' | 'inputmode' | 'autocapitalize' | 'attributes'
> {
  readonly field: QuestionField;
  /** The page's title as the label, in an h1. */
  readonly pageHeading?: string;
  readonly children?: ReactNode;
}

/** A text input answering `field`. */
export function TextField({ field, pageHeading, ...options }: TextFieldProps) {
  const { value, label, hint, errorMessage } = useField(field);
  return (
    <Input
      {...options}
      name={field}
      value={typeof value === 'string' ? value : ''}
      label={
        pageHeading === undefined
          ? { text: label }
          : { text: pageHeading, isPageHeading: true, classes: 'govuk-label--l' }
      }
      hint={hint}
      errorMessage={errorMessage}
    />
  );
}

/** The three GOV.UK date inputs answering `field` (`<field>-day|month|year`). */
export function DateField({
  field,
  pageHeading,
  hintText,
}: {
  field: QuestionField;
  pageHeading?: string;
  hintText: string;
}) {
  const { t } = useTranslation();
  const { value, label, errorMessage } = useField(field);
  const parts = typeof value === 'object' ? value : undefined;
  const invalid = errorMessage !== undefined;
  const item = (part: 'day' | 'month' | 'year', width: string, autocomplete?: string) => ({
    name: part,
    label: t(DATE_PART_KEYS[part]),
    classes: `${width}${invalid ? ' govuk-input--error' : ''}`,
    value: parts?.[part] ?? '',
    autocomplete,
  });
  const birth = field === 'date-of-birth';
  return (
    <DateInput
      id={field}
      namePrefix={field}
      fieldset={{
        legend:
          pageHeading === undefined
            ? { text: label, classes: 'govuk-fieldset__legend--s' }
            : { text: pageHeading, isPageHeading: true, classes: 'govuk-fieldset__legend--l' },
      }}
      hint={{ text: hintText }}
      errorMessage={errorMessage}
      items={[
        item('day', 'govuk-input--width-2', birth ? 'bday-day' : undefined),
        item('month', 'govuk-input--width-2', birth ? 'bday-month' : undefined),
        item('year', 'govuk-input--width-4', birth ? 'bday-year' : undefined),
      ]}
    />
  );
}

/** Radios answering `field`. */
export function RadioField({
  field,
  items,
  pageHeading,
  inline,
}: {
  field: QuestionField;
  items: RadiosItem[];
  pageHeading?: string;
  inline?: boolean;
}) {
  const { value, label, hint, errorMessage } = useField(field);
  return (
    <Radios
      name={field}
      idPrefix={field}
      value={typeof value === 'string' ? value : undefined}
      classes={inline ? 'govuk-radios--inline' : undefined}
      fieldset={{
        legend:
          pageHeading === undefined
            ? { text: label, classes: 'govuk-fieldset__legend--s' }
            : { text: pageHeading, isPageHeading: true, classes: 'govuk-fieldset__legend--l' },
      }}
      hint={hint}
      errorMessage={errorMessage}
      items={items}
    />
  );
}

/** One checkbox answering `field` with `value` when ticked (the answer is empty when not). */
export function CheckboxField({ field, value: checkedValue }: { field: QuestionField; value: string }) {
  const { value, label, hint, errorMessage } = useField(field);
  return (
    <Checkboxes
      name={field}
      errorMessage={errorMessage}
      values={value === checkedValue ? [checkedValue] : []}
      items={[{ value: checkedValue, text: label, hint }]}
    />
  );
}
