import type { ChangeEvent, ReactNode, Ref } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { ErrorMessage, type ErrorMessageProps } from '../error-message/error-message.tsx';
import { Hint, type HintProps } from '../hint/hint.tsx';
import { Label, type LabelProps } from '../label/label.tsx';

export interface SelectItem {
  /** Without a value the option's text is its value. */
  value?: string | number | boolean;
  text: string;
  selected?: boolean;
  disabled?: boolean;
  attributes?: HtmlAttributes;
}

export interface SelectProps {
  id?: string;
  name: string;
  /** Falsy entries are skipped, so items can be included conditionally. */
  items: Array<SelectItem | false | null | undefined>;
  value?: string | number;
  disabled?: boolean;
  describedBy?: string;
  label: Omit<LabelProps, 'for'>;
  hint?: Omit<HintProps, 'id'>;
  errorMessage?: Omit<ErrorMessageProps, 'id'>;
  formGroup?: {
    classes?: string;
    attributes?: HtmlAttributes;
    beforeInput?: { text?: string; html?: ReactNode };
    afterInput?: { text?: string; html?: ReactNode };
  };
  classes?: string;
  attributes?: HtmlAttributes;
  /** Makes the select controlled by `value`; without it `value` only sets the initial choice. */
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  ref?: Ref<HTMLSelectElement>;
}

const optionValue = (item: SelectItem) => (item.value === undefined ? undefined : String(item.value));
const effectiveValue = (item: SelectItem) => optionValue(item) ?? item.text;

// govuk-frontend's rule: an item's own `selected` wins, otherwise it is selected when it has the value.
function isSelected(item: SelectItem, value: string | number | undefined): boolean {
  if (item.selected) return true;
  return Boolean(value) && item.selected !== false && effectiveValue(item) === String(value);
}

export function Select(props: SelectProps) {
  const { name, label, hint, errorMessage, formGroup, value, onChange, ref } = props;
  const id = props.id || name;
  const items = (props.items ?? []).filter((item): item is SelectItem => Boolean(item));
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorMessage ? `${id}-error` : undefined;
  const describedBy = [props.describedBy, hintId, errorId].filter(Boolean).join(' ');
  // React selects options through the select's value; the last selected option wins, as in a browser.
  const selected = items.findLast((item) => isSelected(item, value));
  const selectedValue = selected && effectiveValue(selected);

  return (
    <div
      {...toReactAttributes(formGroup?.attributes)}
      className={classNames('govuk-form-group', errorMessage && 'govuk-form-group--error', formGroup?.classes)}
    >
      <Label {...label} for={id} />
      {hint ? <Hint {...hint} id={hintId} /> : null}
      {errorMessage ? <ErrorMessage {...errorMessage} id={errorId} /> : null}
      {formGroup?.beforeInput?.html || formGroup?.beforeInput?.text}
      <select
        id={id}
        name={name}
        disabled={props.disabled || undefined}
        aria-describedby={describedBy || undefined}
        {...(onChange ? { value: selectedValue ?? '', onChange } : { defaultValue: selectedValue })}
        ref={ref}
        {...toReactAttributes(props.attributes)}
        className={classNames('govuk-select', props.classes, errorMessage && 'govuk-select--error')}
      >
        {items.map((item, index) => (
          <option key={index} value={optionValue(item)} disabled={item.disabled || undefined} {...toReactAttributes(item.attributes)}>
            {item.text}
          </option>
        ))}
      </select>
      {formGroup?.afterInput?.html || formGroup?.afterInput?.text}
    </div>
  );
}
