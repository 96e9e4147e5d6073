import type { ChangeEvent, HTMLAttributes as ReactHtmlAttributes, ReactNode, Ref } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { ErrorMessage, type ErrorMessageProps } from '../error-message/error-message.tsx';
import { Hint, type HintProps } from '../hint/hint.tsx';
import { Label, type LabelProps } from '../label/label.tsx';

export interface InputAffix {
  text?: string;
  html?: ReactNode;
  classes?: string;
  attributes?: HtmlAttributes;
}

export interface InputProps {
  id?: string;
  name: string;
  type?: string;
  inputmode?: ReactHtmlAttributes<HTMLInputElement>['inputMode'];
  value?: string | number;
  disabled?: boolean;
  describedBy?: string;
  label: Omit<LabelProps, 'for'>;
  hint?: Omit<HintProps, 'id'>;
  errorMessage?: Omit<ErrorMessageProps, 'id'>;
  prefix?: InputAffix;
  suffix?: InputAffix;
  formGroup?: {
    classes?: string;
    attributes?: HtmlAttributes;
    beforeInput?: { text?: string; html?: ReactNode };
    afterInput?: { text?: string; html?: ReactNode };
  };
  classes?: string;
  autocomplete?: string;
  pattern?: string;
  spellcheck?: boolean;
  autocapitalize?: string;
  inputWrapper?: { classes?: string; attributes?: HtmlAttributes };
  attributes?: HtmlAttributes;
  /** Makes the input controlled by `value`; without it `value` is only the initial value. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
}

function Affix({ affix, type }: { affix: InputAffix | undefined; type: 'prefix' | 'suffix' }) {
  if (!affix?.html && !affix?.text) return null;
  return (
    <div aria-hidden="true" {...toReactAttributes(affix.attributes)} className={classNames(`govuk-input__${type}`, affix.classes)}>
      {affix.html || affix.text}
    </div>
  );
}

export function Input(props: InputProps) {
  const { name, label, hint, errorMessage, prefix, suffix, formGroup, inputWrapper, value, onChange, ref } = props;
  const id = props.id || name;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorMessage ? `${id}-error` : undefined;
  const describedBy = [props.describedBy, hintId, errorId].filter(Boolean).join(' ');
  const beforeInput = formGroup?.beforeInput?.html || formGroup?.beforeInput?.text;
  const afterInput = formGroup?.afterInput?.html || formGroup?.afterInput?.text;

  const input = (
    <input
      id={id}
      name={name}
      type={props.type || 'text'}
      spellCheck={props.spellcheck}
      {...(onChange ? { value: value ?? '', onChange } : { defaultValue: value })}
      disabled={props.disabled || undefined}
      aria-describedby={describedBy || undefined}
      autoComplete={props.autocomplete}
      autoCapitalize={props.autocapitalize}
      pattern={props.pattern}
      inputMode={props.inputmode}
      ref={ref}
      {...toReactAttributes(props.attributes)}
      className={classNames('govuk-input', props.classes, errorMessage && 'govuk-input--error')}
    />
  );
  const hasWrapper = Boolean(prefix?.html || prefix?.text || suffix?.html || suffix?.text || beforeInput || afterInput);

  return (
    <div
      {...toReactAttributes(formGroup?.attributes)}
      className={classNames('govuk-form-group', errorMessage && 'govuk-form-group--error', formGroup?.classes)}
    >
      <Label {...label} for={id} />
      {hint ? <Hint {...hint} id={hintId} /> : null}
      {errorMessage ? <ErrorMessage {...errorMessage} id={errorId} /> : null}
      {hasWrapper ? (
        <div {...toReactAttributes(inputWrapper?.attributes)} className={classNames('govuk-input__wrapper', inputWrapper?.classes)}>
          {beforeInput}
          <Affix affix={prefix} type="prefix" />
          {input}
          <Affix affix={suffix} type="suffix" />
          {afterInput}
        </div>
      ) : (
        input
      )}
    </div>
  );
}
