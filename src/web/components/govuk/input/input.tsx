import type { ChangeEvent, HTMLAttributes as ReactHtmlAttributes, ReactNode, Ref } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { fieldMessages, FormGroup, formGroupContent, type LabelledControlOptions } from '../form-group/form-group.tsx';
import { Label } from '../label/label.tsx';

export interface InputAffix {
  text?: string;
  html?: ReactNode;
  classes?: string;
  attributes?: HtmlAttributes;
}

export interface InputProps extends LabelledControlOptions {
  type?: string;
  inputmode?: ReactHtmlAttributes<HTMLInputElement>['inputMode'];
  prefix?: InputAffix;
  suffix?: InputAffix;
  autocomplete?: string;
  pattern?: string;
  spellcheck?: boolean;
  autocapitalize?: string;
  inputWrapper?: { classes?: string; attributes?: HtmlAttributes };
  /** Makes the input controlled by `value`; without it `value` is only the initial value. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
}

function Affix({ affix, type }: { affix: InputAffix | undefined; type: 'prefix' | 'suffix' }) {
  if (!affix?.html && !affix?.text) return null;
  return (
    <div
      aria-hidden="true"
      {...toReactAttributes(affix.attributes)}
      className={classNames(`govuk-input__${type}`, affix.classes)}
    >
      {affix.html || affix.text}
    </div>
  );
}

export function Input(props: InputProps) {
  const { name, label, hint, errorMessage, prefix, suffix, formGroup, inputWrapper, value, onChange, ref } = props;
  const id = props.id || name;
  const { messages, describedBy } = fieldMessages(id, { hint, errorMessage }, props.describedBy);
  const beforeInput = formGroupContent(formGroup?.beforeInput);
  const afterInput = formGroupContent(formGroup?.afterInput);

  const input = (
    <input
      id={id}
      name={name}
      type={props.type || 'text'}
      spellCheck={props.spellcheck}
      {...(onChange ? { value: value ?? '', onChange } : { defaultValue: value })}
      disabled={props.disabled || undefined}
      aria-describedby={describedBy}
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
    <FormGroup options={formGroup} error={Boolean(errorMessage)}>
      <Label {...label} for={id} />
      {messages}
      {hasWrapper ? (
        <div
          {...toReactAttributes(inputWrapper?.attributes)}
          className={classNames('govuk-input__wrapper', inputWrapper?.classes)}
        >
          {beforeInput}
          <Affix affix={prefix} type="prefix" />
          {input}
          <Affix affix={suffix} type="suffix" />
          {afterInput}
        </div>
      ) : (
        input
      )}
    </FormGroup>
  );
}
