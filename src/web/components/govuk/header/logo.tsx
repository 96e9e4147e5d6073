// The GOV.UK logo as govuk-frontend's private `govukLogo` macro draws it, shared by Header and Footer.
// Its two long paths (the crown's outline and the logotype) are drawn from logos.svg, a file of
// its own cached with the other assets, rather than carried in the first load's JavaScript, where
// they were close to 2 KiB of the budget (decision 001). The dots stay here: the logotype's dot is
// coloured by the page's stylesheet, which cannot reach into what a <use> draws.
import { GOVUK_LOGOS } from '../logos.ts';

const CROWN_DOTS = [
  [20, 17.6],
  [10.2, 23.5],
  [3.7, 33.2],
  [31.7, 30.6],
  [43.3, 17.6],
  [53.2, 23.5],
  [59.7, 33.2],
  [31.7, 30.6],
] as const;

export interface GovukLogoProps {
  classes?: string;
  ariaLabelText?: string;
  useLogotype?: boolean;
}

export function GovukLogo({ classes, ariaLabelText, useLogotype = true }: GovukLogoProps) {
  const width = useLogotype ? 162 : 32;
  return (
    <svg
      focusable="false"
      role={ariaLabelText ? 'img' : 'presentation'}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width * 2} 60`}
      height="30"
      width={width}
      fill="currentcolor"
      className={classes}
      aria-label={ariaLabelText}
    >
      {ariaLabelText && <title>{ariaLabelText}</title>}
      <g>
        {CROWN_DOTS.map(([cx, cy], index) => (
          <circle key={index} cx={cx} cy={cy} r="3.7" />
        ))}
        <use href={`${GOVUK_LOGOS}#crown`} />
      </g>
      {useLogotype && (
        <>
          <circle className="govuk-logo-dot" cx="226" cy="36" r="7.3" />
          <use href={`${GOVUK_LOGOS}#logotype`} />
        </>
      )}
    </svg>
  );
}
