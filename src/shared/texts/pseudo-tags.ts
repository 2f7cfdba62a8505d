/**
 * The pseudo-locales (docs/texts.md#pseudo-locale): made at run time from the English texts, for
 * localisation staff to check a page without knowing a language; never offered to learners, never a
 * language of the texts console. `en-XA` (accented, longer, bracketed) and `ar-XB` (Android's
 * right-to-left pseudo-locale: the page mirrored, each text written right to left in brackets).
 */
export const PSEUDO_ACCENTED = 'en-XA';
export const PSEUDO_BIDI = 'ar-XB';
export const PSEUDO_LOCALES: readonly string[] = [PSEUDO_ACCENTED, PSEUDO_BIDI];

/** Whether a tag names a pseudo-locale (case as written aside). */
export const isPseudoLocale = (tag: string): boolean => PSEUDO_LOCALES.some((pseudo) => pseudo.toLowerCase() === tag.toLowerCase());
