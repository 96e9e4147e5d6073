// The id of the JSON script element in which the server writes, into each page it renders, what
// the browser's app needs of that render (src/web/app/page-data.ts says what it holds).

/** The id of the page-data element. */
export const PAGE_DATA_ID = 'page-data';
