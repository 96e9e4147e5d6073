import type { ChangeEvent, Ref } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { fieldMessages, FormGroup, formGroupContent, type LabelledControlOptions } from '../form-group/form-group.tsx';
import { Label } from '../label/label.tsx';

export interface SelectItem {
  /** Without a value the option's text is its value. */
  value?: string | number | boolean;
  text: string;
  selected?: boolean;
  disabled?: boolean;
  attributes?: HtmlAttributes;
}

export interface SelectProps extends LabelledControlOptions {
  /** Falsy entries are skipped, so items can be included conditionally. */
  items: Array<SelectItem | false | null | undefined>;
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
  const { messages, describedBy } = fieldMessages(id, { hint, errorMessage }, props.describedBy);
  // React selects options through the select's value; the last selected option wins, as in a browser.
  const selected = items.findLast((item) => isSelected(item, value));
  const selectedValue = selected && effectiveValue(selected);

  return (
    <FormGroup options={formGroup} error={Boolean(errorMessage)}>
      <Label {...label} for={id} />
      {messages}
      {formGroupContent(formGroup?.beforeInput)}
      <select
        id={id}
        name={name}
        disabled={props.disabled || undefined}
        aria-describedby={describedBy}
        {...(onChange ? { value: selectedValue ?? '', onChange } : { defaultValue: selectedValue })}
        ref={ref}
        {...toReactAttributes(props.attributes)}
        className={classNames('govuk-select', props.classes, errorMessage && 'govuk-select--error')}
      >
        {items.map((item, index) => (
          <option
            key={index}
            value={optionValue(item)}
            disabled={item.disabled || undefined}
            {...toReactAttributes(item.attributes)}
          >
            {item.text}
          </option>
        ))}
      </select>
      {formGroupContent(formGroup?.afterInput)}
    </FormGroup>
  );
}
