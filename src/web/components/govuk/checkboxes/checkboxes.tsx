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

export interface CheckboxesItem {
  text?: string;
  html?: ReactNode;
  id?: string;
  /** Defaults to the component's `name`. */
  name?: string;
  value?: string | number;
  label?: { classes?: string; attributes?: HtmlAttributes };
  hint?: Omit<HintProps, 'id'>;
  /** Renders a divider (such as "or") instead of a checkbox. */
  divider?: string;
  checked?: boolean;
  conditional?: { html: ReactNode };
  behaviour?: 'exclusive';
  disabled?: boolean;
  attributes?: HtmlAttributes;
}

export interface CheckboxesProps {
  /** Ids that describe the checkboxes, before those of the hint and error message. */
  describedBy?: string;
  fieldset?: GroupFieldsetOptions;
  hint?: Omit<HintProps, 'id'>;
  errorMessage?: Omit<ErrorMessageProps, 'id'>;
  formGroup?: FormGroupInputsOptions;
  idPrefix?: string;
  name: string;
  /** Falsy entries are skipped, so items can be included conditionally. */
  items: Array<CheckboxesItem | false | null | undefined | ''>;
  /** The values checked at first. */
  values?: ReadonlyArray<string | number>;
  classes?: string;
  attributes?: HtmlAttributes;
}

// govuk-frontend's rule: an item's own `checked` wins, otherwise it is checked when `values` holds its value.
function isCheckedByOptions(item: CheckboxesItem, values: CheckboxesProps['values']): boolean {
  if (item.checked !== undefined) return item.checked;
  return values !== undefined && values.some((value) => String(value) === String(item.value));
}

/** GOV.UK checkboxes (uncontrolled: the form reads them); a checked item reveals its conditional content. */
export function Checkboxes(props: CheckboxesProps) {
  const { fieldset, hint, errorMessage, formGroup, name, items, values } = props;
  const idPrefix = props.idPrefix || name;
  const [checkedItems, setCheckedItems] = useState<ReadonlySet<number>>(
    () =>
      new Set(
        items.flatMap((item, index) => (item && !item.divider && isCheckedByOptions(item, values) ? [index] : [])),
      ),
  );
  // Without a fieldset nothing groups the checkboxes, so each one is described by the hint and error itself.
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const errorId = errorMessage ? `${idPrefix}-error` : undefined;
  const describedBy = fieldset ? '' : [props.describedBy, hintId, errorId].filter(Boolean).join(' ');

  const renderItem = (item: CheckboxesItem, index: number) => {
    if (item.divider) {
      return (
        <div className="govuk-checkboxes__divider" key={index}>
          {item.divider}
        </div>
      );
    }
    // The first id has no number suffix, so that an error summary can link to it.
    const itemId = item.id || (index > 0 ? `${idPrefix}-${index + 1}` : idPrefix);
    const conditionalId = `conditional-${itemId}`;
    const itemHintId = `${itemId}-item-hint`;
    const hasHint = Boolean(item.hint?.text || item.hint?.html);
    const checked = checkedItems.has(index);
    const itemDescribedBy = [describedBy, hasHint ? itemHintId : ''].filter(Boolean).join(' ');
    return (
      <Fragment key={index}>
        <div className="govuk-checkboxes__item">
          <input
            className="govuk-checkboxes__input"
            id={itemId}
            name={item.name || name}
            type="checkbox"
            value={String(item.value ?? '')}
            defaultChecked={isCheckedByOptions(item, values)}
            onChange={(event) => {
              const next = new Set(checkedItems);
              if (event.target.checked) next.add(index);
              else next.delete(index);
              setCheckedItems(next);
            }}
            disabled={item.disabled || undefined}
            data-aria-controls={item.conditional?.html ? conditionalId : undefined}
            data-behaviour={item.behaviour}
            aria-describedby={itemDescribedBy || undefined}
            {...toReactAttributes(item.attributes)}
          />
          <Label
            html={item.html}
            text={item.text}
            classes={classNames('govuk-checkboxes__label', item.label?.classes)}
            attributes={item.label?.attributes}
            for={itemId}
          />
          {hasHint ? (
            <Hint {...item.hint} id={itemHintId} classes={classNames('govuk-checkboxes__hint', item.hint?.classes)} />
          ) : null}
        </div>
        {item.conditional?.html ? (
          <div
            className={classNames('govuk-checkboxes__conditional', !checked && 'govuk-checkboxes__conditional--hidden')}
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
        data-module="govuk-checkboxes"
        {...toReactAttributes(props.attributes)}
        className={classNames('govuk-checkboxes', props.classes)}
      >
        {formGroupContent(formGroup?.beforeInputs)}
        {items.map((item, index) => (item ? renderItem(item, index) : null))}
        {formGroupContent(formGroup?.afterInputs)}
      </div>
    </FieldGroup>
  );
}
