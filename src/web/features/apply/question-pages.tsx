// The question pages whose fields need nothing beyond the standard inputs. Each renders one
// step of `shared/journey`; the step decides where the user goes next.
import { ONE_NAME } from '#shared/domain/answers.ts';
import { Redirect } from '../../page-kit/server-render.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { OPTION_KEYS } from '#shared/journey/answer-texts.ts';
import { CheckboxField, DateField, QuestionPage, RadioField, TextField } from './question-page.tsx';

export function YourContactDetailsPage() {
  const { t } = useTranslation();
  const title = t('pages.yourContactDetails');
  return (
    <QuestionPage path="/your-contact-details" title={title} headingInField>
      <TextField field="sponsor-email" pageHeading={title} type="email" autocomplete="email" spellcheck={false} />
    </QuestionPage>
  );
}

export function SponsorDetailsPage() {
  const { t } = useTranslation();
  return (
    <QuestionPage
      path="/sponsor-details"
      title={t('pages.sponsorDetails')}
      intro={<RenderedText html={t('apply.sponsorDetails.intro')} />}
    >
      <TextField field="sponsor-name" autocomplete="organization" />
      <TextField
        field="sponsor-reference"
        classes="govuk-input--width-20"
        spellcheck={false}
        autocapitalize="characters"
      />
    </QuestionPage>
  );
}

export function WhatWouldYouLikeToDoPage() {
  const { t } = useTranslation();
  const title = t('pages.whatWouldYouLikeToDo');
  return (
    <QuestionPage path="/what-would-you-like-to-do" title={title} headingInField>
      <RadioField
        field="what-would-you-like-to-do"
        pageHeading={title}
        items={[
          { value: 'single-application', text: t(OPTION_KEYS['single-application']) },
          { value: 'group-application', text: t(OPTION_KEYS['group-application']) },
        ]}
      />
    </QuestionPage>
  );
}

export function PassengerNamePage() {
  const { t } = useTranslation();
  return (
    <QuestionPage path="/passenger-name" title={t('pages.passengerName')}>
      <TextField field="family-name" autocomplete="off" spellcheck={false} />
      <TextField field="given-name" autocomplete="off" spellcheck={false} />
      <CheckboxField field="one-name" value={ONE_NAME} />
      <TextField field="worker-email" type="email" autocomplete="off" spellcheck={false} />
    </QuestionPage>
  );
}

export function PassengerDateOfBirthPage() {
  const { t } = useTranslation();
  const title = t('pages.passengerDateOfBirth');
  return (
    <QuestionPage path="/passenger-date-of-birth" title={title} headingInField>
      <DateField field="date-of-birth" pageHeading={title} hintText={t('apply.dateHint')} />
    </QuestionPage>
  );
}

export function PassportDetailsPage() {
  const { t } = useTranslation();
  return (
    <QuestionPage path="/passport-details" title={t('pages.passportDetails')}>
      <TextField
        field="passport-number"
        classes="govuk-input--width-20"
        spellcheck={false}
        autocapitalize="characters"
        autocomplete="off"
      />
      <DateField field="passport-issue-date" hintText={t('apply.dateHint')} />
      <DateField field="passport-expiry-date" hintText={t('apply.futureDateHint')} />
    </QuestionPage>
  );
}

export function CosReferencePage() {
  const { t } = useTranslation();
  const title = t('pages.cosReference');
  return (
    <QuestionPage path="/cos-reference" title={title} headingInField>
      <TextField
        field="cos-reference"
        pageHeading={title}
        classes="govuk-input--width-20"
        spellcheck={false}
        autocapitalize="characters"
        autocomplete="off"
      />
    </QuestionPage>
  );
}

/** /place-of-departure is asked on the travel details page (decision 011): the route leads there. */
export function PlaceOfDeparturePage() {
  return <Redirect to="/travel-details" />;
}
