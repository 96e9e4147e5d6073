import type { ChangeEvent, Ref } from 'react';
import { classNames, toReactAttributes } from '../attributes.ts';
import { fieldMessages, FormGroup, formGroupContent, type LabelledControlOptions } from '../form-group/form-group.tsx';
import { Label } from '../label/label.tsx';

export interface TextareaProps extends LabelledControlOptions {
  rows?: number;
  spellcheck?: boolean;
  autocomplete?: string;
  /** Makes the textarea controlled by `value`; without it `value` is only the initial value. */
  onChange?: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea(props: TextareaProps) {
  const { name, label, hint, errorMessage, formGroup, value, onChange, ref } = props;
  const id = props.id || name;
  const { messages, describedBy } = fieldMessages(id, { hint, errorMessage }, props.describedBy);
  return (
    <FormGroup options={formGroup} error={Boolean(errorMessage)}>
      <Label {...label} for={id} />
      {messages}
      {formGroupContent(formGroup?.beforeInput)}
      <textarea
        id={id}
        name={name}
        rows={props.rows || 5}
        spellCheck={props.spellcheck}
        {...(onChange ? { value: value ?? '', onChange } : { defaultValue: value })}
        disabled={props.disabled || undefined}
        aria-describedby={describedBy}
        autoComplete={props.autocomplete}
        ref={ref}
        {...toReactAttributes(props.attributes)}
        className={classNames('govuk-textarea', props.classes, errorMessage && 'govuk-textarea--error')}
      />
      {formGroupContent(formGroup?.afterInput)}
    </FormGroup>
  );
}
