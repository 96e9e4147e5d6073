import type { ChangeEvent, HTMLAttributes as ReactHtmlAttributes } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import type { ErrorMessageProps } from '../error-message/error-message.tsx';
import {
  FieldGroup,
  formGroupContent,
  type FormGroupInputsOptions,
  type GroupFieldsetOptions,
} from '../form-group/form-group.tsx';
import type { HintProps } from '../hint/hint.tsx';
import { Input } from '../input/input.tsx';

export interface DateInputItem {
  id?: string;
  name: string;
  label?: string;
  value?: string | number;
  error?: boolean;
  autocomplete?: string;
  pattern?: string;
  inputmode?: ReactHtmlAttributes<HTMLInputElement>['inputMode'];
  classes?: string;
  attributes?: HtmlAttributes;
  /** Makes this field controlled by its value. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}

export interface DateInputProps {
  id: string;
  namePrefix?: string;
  items?: DateInputItem[];
  hint?: Omit<HintProps, 'id'>;
  errorMessage?: Omit<ErrorMessageProps, 'id'>;
  formGroup?: FormGroupInputsOptions;
  fieldset?: GroupFieldsetOptions;
  /** `false` leaves the field out. */
  day?: Partial<DateInputItem> | false;
  month?: Partial<DateInputItem> | false;
  year?: Partial<DateInputItem> | false;
  values?: Record<string, string | number | undefined>;
  classes?: string;
  attributes?: HtmlAttributes;
  /**
   * Makes every field controlled by its value. `name` is the field's name without `namePrefix`
   * (`day`, `month`, `year` by default), which is also a key `values` accepts.
   */
  onChange?: (name: string, value: string, event: ChangeEvent<HTMLInputElement>) => void;
}

type Field = Partial<DateInputItem>;

const hasErrorClass = (item: Field) => Boolean(item.classes?.includes('govuk-input--error'));

// Nunjucks `capitalize`: first letter upper case, the rest lower case.
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

export function DateInput(props: DateInputProps) {
  const { id, namePrefix, hint, errorMessage, formGroup, fieldset, values, onChange } = props;
  const day: Field | false = props.day ?? { name: 'day', value: values?.day, classes: 'govuk-input--width-2' };
  const month: Field | false = props.month ?? { name: 'month', value: values?.month, classes: 'govuk-input--width-2' };
  const year: Field | false = props.year ?? { name: 'year', value: values?.year, classes: 'govuk-input--width-4' };
  const items: Array<Field | false> = props.items?.length ? props.items : [day, month, year];
  const anyItemHasError = items.some((item) => item && (item.error || hasErrorClass(item)));
  const prefix = namePrefix ? `${namePrefix}-` : '';

  // Mirrors govuk-frontend's template: a field named like the day, month or year falls back to
  // that field's options for its value, and the year is wider.
  const renderItem = (item: Field, index: number) => {
    let itemName = item.name ?? '';
    let itemValue = item.value;
    let width = 2;
    for (const [field, fallbackName] of [
      [day, 'day'],
      [month, 'month'],
      [year, 'year'],
    ] as const) {
      const options = field || undefined;
      const matches = item === field || (item.name && (item.name === fallbackName || item.name === options?.name));
      if (!matches) continue;
      itemName = item.name ?? fallbackName;
      itemValue = item.value ?? options?.value;
      if (fallbackName === 'year') width = 4;
      break;
    }
    const showError =
      !hasErrorClass(item) &&
      (item.error || hasErrorClass(item) || (item.error !== false && Boolean(errorMessage) && !anyItemHasError));
    const classes = classNames(
      'govuk-date-input__input',
      showError && 'govuk-input--error',
      !item.classes?.includes('govuk-input--width-') && `govuk-input--width-${width}`,
      item.classes,
    );
    const name = prefix + itemName;
    const controlled = item.onChange || onChange;
    return (
      <div className="govuk-date-input__item" key={index}>
        <Input
          label={{ text: item.label || capitalize(itemName), classes: 'govuk-date-input__label' }}
          id={item.id || `${id}-${itemName}`}
          classes={classes}
          name={name}
          value={itemValue ?? values?.[name]}
          type="text"
          inputmode={item.inputmode || 'numeric'}
          autocomplete={item.autocomplete}
          pattern={item.pattern}
          attributes={item.attributes}
          onChange={
            controlled &&
            ((event) => {
              item.onChange?.(event);
              onChange?.(itemName, event.target.value, event);
            })
          }
        />
      </div>
    );
  };

  // role="group" because otherwise JAWS does not announce the description of a fieldset of text inputs.
  return (
    <FieldGroup id={id} formGroup={formGroup} hint={hint} errorMessage={errorMessage} fieldset={fieldset} role="group">
      <div {...toReactAttributes(props.attributes)} className={classNames('govuk-date-input', props.classes)} id={id}>
        {formGroupContent(formGroup?.beforeInputs)}
        {items.map((item, index) => (item ? renderItem(item, index) : null))}
        {formGroupContent(formGroup?.afterInputs)}
      </div>
    </FieldGroup>
  );
}
