import type { CustomTypeOptions, ParseKeys } from 'i18next';

type Namespaces = keyof CustomTypeOptions['resources'] & string;

/**
 * A key written with its namespace (`profile:NoProfile.Submit`), of any file of locales/en/: the
 * type of a prop that carries a key to a component that translates it (a form's submit label), so
 * the key is checked where it is written (src/portal/app/i18next.d.ts).
 */
export type TextKey = { [Ns in Namespaces]: `${Ns}:${ParseKeys<Ns>}` }[Namespaces];
