// The texts of the question pages' inputs beyond each field's own label and hint, which the
// table of answers declares (#shared/domain/answer-fields.ts), as i18n keys written out in full.

/** The labels of the three date inputs. */
export const DATE_PART_KEYS = { day: 'apply.day', month: 'apply.month', year: 'apply.year' } as const;

/** The hints of the fields picked from a list, while the list is a plain select (without JavaScript, or before the autocomplete is there). */
export const LIST_HINT_KEYS = {
  nationality: 'apply.listHints.nationality',
  'port-of-departure': 'apply.listHints.port-of-departure',
} as const;
