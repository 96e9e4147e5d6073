// The journey's texts, loaded with its first page rather than with the first load: the questions'
// and the summary's, the rules' messages and "Save and come back later"'s.
import texts from 'virtual:translations/en/apply';
import saveTexts from 'virtual:translations/en/saveReturn';
import validationTexts from 'virtual:translations/en/validation';
import { registerTexts } from '../../i18n/i18n.ts';
import '../../i18n/page-titles.ts';

registerTexts(texts);
registerTexts(saveTexts);
registerTexts(validationTexts);
