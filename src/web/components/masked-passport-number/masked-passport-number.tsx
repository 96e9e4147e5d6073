import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * A passport number masked but for its ending: screen readers hear "ending 567" (the text at
 * `endingKey`, of the page's own translations) rather than a row of dots.
 */
export function MaskedPassportNumber({
  masked,
  endingKey,
}: {
  readonly masked: string;
  readonly endingKey: 'check.passportEnding' | 'status.detail.passportEnding';
}) {
  const { t } = useTranslation();
  return (
    <>
      <bdi aria-hidden="true">{masked}</bdi>
      <span className="govuk-visually-hidden">{t(endingKey, { digits: masked.slice(-3) })}</span>
    </>
  );
}
