// What govuk-frontend's form controls (input, select, date input, radios) share: the
// `govuk-form-group` wrapper, its `formGroup` options, and the hint and error message that
// describe the control, with ids made from the control's id.
import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { ErrorMessage, type ErrorMessageProps } from '../error-message/error-message.tsx';
import { Fieldset, type FieldsetProps } from '../fieldset/fieldset.tsx';
import { Hint, type HintProps } from '../hint/hint.tsx';
import type { LabelProps } from '../label/label.tsx';

/** Text or HTML that a form group shows before or after its control(s). */
export interface FormGroupContent {
  text?: string;
  html?: ReactNode;
}

/** What every `formGroup` option has: options of the wrapping `govuk-form-group` div. */
export interface FormGroupWrapperOptions {
  classes?: string;
  attributes?: HtmlAttributes;
}

/** The `formGroup` option of a macro with one control (input, select). */
export interface FormGroupOptions extends FormGroupWrapperOptions {
  beforeInput?: FormGroupContent;
  afterInput?: FormGroupContent;
}

/** The `formGroup` option of a macro with several controls (date input, radios): the same, named in the plural. */
export interface FormGroupInputsOptions extends FormGroupWrapperOptions {
  beforeInputs?: FormGroupContent;
  afterInputs?: FormGroupContent;
}

/** The `fieldset` option of a macro that groups its controls; the macro supplies the rest. */
export type GroupFieldsetOptions = Omit<FieldsetProps, 'role' | 'html' | 'children'>;

/** The hint and error message options of a form control; their ids come from the control's. */
export interface FieldMessagesOptions {
  hint?: Omit<HintProps, 'id'>;
  errorMessage?: Omit<ErrorMessageProps, 'id'>;
}

/** The options that the macros for one labelled control (input, select) share. */
export interface LabelledControlOptions extends FieldMessagesOptions {
  /** Defaults to `name`. */
  id?: string;
  name: string;
  value?: string | number;
  disabled?: boolean;
  /** Ids that describe the control, before those of its hint and error message. */
  describedBy?: string;
  label: Omit<LabelProps, 'for'>;
  formGroup?: FormGroupOptions;
  classes?: string;
  attributes?: HtmlAttributes;
}

/** HTML wins over text, as in the macros. */
export const formGroupContent = (content: FormGroupContent | undefined): ReactNode => content?.html || content?.text;

export interface FormGroupProps {
  options: FormGroupWrapperOptions | undefined;
  /** Whether the control has an error message. */
  error: boolean;
  children: ReactNode;
}

/** The `govuk-form-group` div, marked as in error when the control has an error message. */
export function FormGroup({ options, error, children }: FormGroupProps) {
  return (
    <div
      {...toReactAttributes(options?.attributes)}
      className={classNames('govuk-form-group', error && 'govuk-form-group--error', options?.classes)}
    >
      {children}
    </div>
  );
}

/**
 * The hint and error message of the control with id `id` (ids `<id>-hint`, `<id>-error`), and the
 * `aria-describedby` that lists them after the ids in `describedBy`.
 */
export function fieldMessages(
  id: string,
  { hint, errorMessage }: FieldMessagesOptions,
  describedBy?: string,
): { messages: ReactNode; describedBy: string | undefined } {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorMessage ? `${id}-error` : undefined;
  return {
    messages: (
      <>
        {hint ? <Hint {...hint} id={hintId} /> : null}
        {errorMessage ? <ErrorMessage {...errorMessage} id={errorId} /> : null}
      </>
    ),
    describedBy: [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
}

export interface FieldGroupProps extends FieldMessagesOptions {
  /** The id that the hint's and error message's ids are made from. */
  id: string;
  formGroup: FormGroupWrapperOptions | undefined;
  fieldset: GroupFieldsetOptions | undefined;
  role?: string;
  /** The element that holds the controls. */
  children: ReactNode;
}

/**
 * The form group of a macro with several controls (date input, radios): hint, error message, then
 * the controls, inside a fieldset described by the hint and error message when there is one.
 */
export function FieldGroup({ id, formGroup, hint, errorMessage, fieldset, role, children }: FieldGroupProps) {
  const { messages, describedBy } = fieldMessages(id, { hint, errorMessage }, fieldset?.describedBy);
  const inner = (
    <>
      {messages}
      {children}
    </>
  );
  return (
    <FormGroup options={formGroup} error={Boolean(errorMessage)}>
      {fieldset ? <Fieldset {...fieldset} role={role} describedBy={describedBy} html={inner} /> : inner}
    </FormGroup>
  );
}
