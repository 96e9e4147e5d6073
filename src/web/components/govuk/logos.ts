// The long paths of the GOV.UK logo and the Open Government Licence logo, in one file the
// browser fetches and caches once (never inlined as a data: address, which <use> cannot read).
import logos from './logos.svg?no-inline';

/** The address of the logos' paths: `${GOVUK_LOGOS}#crown`, `#logotype`, `#licence`. */
export const GOVUK_LOGOS: string = logos;
