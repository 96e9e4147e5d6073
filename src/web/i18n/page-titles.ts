// The titles of the journey's and the status pages (the `pages` section): registered by those
// pages as they load, not with the first load.
import titles from 'virtual:translations/en/pages';
import { registerTexts } from './i18n.ts';

registerTexts(titles);
