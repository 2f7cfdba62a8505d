import type { Namespace, TFunction, TOptions } from 'i18next';

/**
 * The text of a key the code does not spell out but reads at run time, where i18next's typed `t`
 * (src/portal/app/i18next.d.ts: it takes only keys of locales/en/) cannot check it:
 *
 * - a key a schema or ui file names (labels, help, option labels, validation messages): every one
 *   exists in every language, checked by `npm run check:schemas`;
 * - a key the services send or src/shared builds (the texts console's refusals and warnings, a
 *   fulfilment's kind): its prefix is listed in locales/dynamic-keys.json, and the code that sends
 *   it is proved by its own tests; a key with no text shows as itself, as i18next does.
 *
 * The one place such a key meets `t`; every key written in the code goes to `t` itself and is
 * type-checked (docs/conventions.md#texts).
 */
export function runtimeText<Ns extends Namespace, KPrefix>(t: TFunction<Ns, KPrefix>, key: string, options?: TOptions): string {
  return (t as unknown as (key: string, options?: TOptions) => string)(key, options);
}
