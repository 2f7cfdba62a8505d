import type { CustomTypeOptions, ParseKeys } from 'i18next';

// Only the portal's own program has the typed resources: in one that compiles the portal with the
// server (scripts, tests), a key is any `ns:key`.
type Resources = CustomTypeOptions extends { resources: infer R } ? R : Record<string, unknown>;
type Namespaces = keyof Resources & string;

/**
 * A key written with its namespace (`profile:NoProfile.Submit`), of any file of locales/en/ or of
 * the namespaces named: the type of a prop or table that carries a key to the code that translates
 * it (a form's submit label, the gallery's titles), so the key is checked where it is written
 * (src/portal/app/i18next.d.ts).
 */
export type TextKey<Ns extends Namespaces = Namespaces> = { [N in Ns]: `${N}:${ParseKeys<N>}` }[Ns];
