import { Fragment, useState, type ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import type { ErrorMessageProps } from '../error-message/error-message.tsx';
import {
  FieldGroup,
  formGroupContent,
  type FormGroupInputsOptions,
  type GroupFieldsetOptions,
} from '../form-group/form-group.tsx';
import { Hint, type HintProps } from '../hint/hint.tsx';
import { Label } from '../label/label.tsx';

export interface RadiosItem {
  text?: string;
  html?: ReactNode;
  id?: string;
  value?: string | number;
  label?: { classes?: string; attributes?: HtmlAttributes };
  hint?: Omit<HintProps, 'id'>;
  /** Renders a divider (such as "or") instead of a radio. */
  divider?: string;
  checked?: boolean;
  conditional?: { html: ReactNode };
  disabled?: boolean;
  attributes?: HtmlAttributes;
}

export interface RadiosProps {
  fieldset?: GroupFieldsetOptions;
  hint?: Omit<HintProps, 'id'>;
  errorMessage?: Omit<ErrorMessageProps, 'id'>;
  formGroup?: FormGroupInputsOptions;
  idPrefix?: string;
  name: string;
  /** Falsy entries are skipped, so items can be included conditionally. */
  items: Array<RadiosItem | false | null | undefined>;
  value?: string | number;
  classes?: string;
  attributes?: HtmlAttributes;
  /** Makes the radios controlled by `value`; without it `value` only sets the initial choice. */
  onChange?: (value: string) => void;
}

// govuk-frontend's rule: an item's own `checked` wins, otherwise it is checked when it has the value.
function isCheckedByOptions(item: RadiosItem, value: string | number | undefined): boolean {
  if (item.checked) return true;
  return Boolean(value) && item.checked !== false && String(item.value) === String(value);
}

const valueOf = (item: RadiosItem) => String(item.value ?? '');

export function Radios(props: RadiosProps) {
  const { fieldset, hint, errorMessage, formGroup, name, items, value, onChange } = props;
  const idPrefix = props.idPrefix || name;
  // Uncontrolled radios still need to know the checked item to reveal its conditional content.
  const [picked, setPicked] = useState(() => {
    let initial: string | undefined;
    for (const item of items) if (item && !item.divider && isCheckedByOptions(item, value)) initial = valueOf(item);
    return initial;
  });
  const isChecked = (item: RadiosItem) => (onChange ? isCheckedByOptions(item, value) : picked === valueOf(item));

  const renderItem = (item: RadiosItem, index: number) => {
    if (item.divider) {
      return (
        <div className="govuk-radios__divider" key={index}>
          {item.divider}
        </div>
      );
    }
    // The first id has no number suffix, so that an error summary can link to it.
    const itemId = item.id || (index > 0 ? `${idPrefix}-${index + 1}` : idPrefix);
    const conditionalId = `conditional-${itemId}`;
    const itemHintId = `${itemId}-item-hint`;
    const hasHint = Boolean(item.hint?.text || item.hint?.html);
    const checked = isChecked(item);
    return (
      <Fragment key={index}>
        <div className="govuk-radios__item">
          <input
            className="govuk-radios__input"
            id={itemId}
            name={name}
            type="radio"
            value={valueOf(item)}
            checked={checked}
            onChange={(event) => {
              setPicked(event.target.value);
              onChange?.(event.target.value);
            }}
            disabled={item.disabled || undefined}
            data-aria-controls={item.conditional?.html ? conditionalId : undefined}
            aria-describedby={hasHint ? itemHintId : undefined}
            {...toReactAttributes(item.attributes)}
          />
          <Label
            html={item.html}
            text={item.text}
            classes={classNames('govuk-radios__label', item.label?.classes)}
            attributes={item.label?.attributes}
            for={itemId}
          />
          {hasHint ? (
            <Hint {...item.hint} id={itemHintId} classes={classNames('govuk-radios__hint', item.hint?.classes)} />
          ) : null}
        </div>
        {item.conditional?.html ? (
          <div
            className={classNames('govuk-radios__conditional', !checked && 'govuk-radios__conditional--hidden')}
            id={conditionalId}
          >
            {item.conditional.html}
          </div>
        ) : null}
      </Fragment>
    );
  };

  return (
    <FieldGroup id={idPrefix} formGroup={formGroup} hint={hint} errorMessage={errorMessage} fieldset={fieldset}>
      <div
        data-module="govuk-radios"
        {...toReactAttributes(props.attributes)}
        className={classNames('govuk-radios', props.classes)}
      >
        {formGroupContent(formGroup?.beforeInputs)}
        {items.map((item, index) => (item ? renderItem(item, index) : null))}
        {formGroupContent(formGroup?.afterInputs)}
      </div>
    </FieldGroup>
  );
}
