// Type-level test of the portal's typed text keys (src/portal/app/i18next.d.ts): compiled, never
// run, by `npm run typecheck` (tsconfig.portal.json). Each `@ts-expect-error` line must fail to
// compile; if the keys stopped being typed, the directive would be unused and the check fails.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SuccessToastKey } from '../../src/portal/ui/toast/toast';
import { runtimeText } from '../../src/portal/ui/texts/runtime-text';
import type { TextKey } from '../../src/portal/ui/texts/text-key';

export function useTextKeyChecks(schemaKey: string): string[] {
  // A component's own namespace, unprefixed and as `ns:key`.
  const { t } = useTranslation(['admin']);
  const texts = [t('NotAvailable.Heading'), t('admin:NotAvailable.Heading')];
  // @ts-expect-error a misspelt key
  texts.push(t('admin:NotAvailable.Heding'));
  // @ts-expect-error a key of a namespace the component did not name
  texts.push(t('gallery:Languages.en'));
  // @ts-expect-error a key of another file, unprefixed
  texts.push(t('Languages.en'));

  // The default namespace (portal), as the app and the toasts use it.
  const { t: portal } = useTranslation();
  texts.push(portal('App.Title'));
  // @ts-expect-error a misspelt key of the default namespace
  texts.push(portal('App.Titel'));

  // Interpolation options still pass with a typed key.
  texts.push(t('admin:Activity.LastDays', { count: 7 }));

  // A key carried by a prop or a table is checked where it is written.
  const submit: TextKey = 'profile:NoProfile.Submit';
  // @ts-expect-error a misspelt key in a prop
  const misspeltSubmit: TextKey = 'profile:NoProfile.Submitt';
  const toast: SuccessToastKey = 'Toast.Success.ProfileEdited';
  // @ts-expect-error a misspelt toast key
  const misspeltToast: SuccessToastKey = 'Toast.Success.ProfileEditted';
  texts.push(submit, misspeltSubmit, toast, misspeltToast);

  // A key read at run time (a schema's label) goes through runtimeText, and only there.
  texts.push(runtimeText(t, schemaKey));
  // @ts-expect-error a string is not a key to `t`
  texts.push(t(schemaKey));
  return texts;
}

// The escape hatch takes any of i18next's `t`, whatever its namespaces.
export const anyT = (t: TFunction<['fields', 'validation', 'widgets']>, key: string): string => runtimeText(t, key, { ns: ['fields'] });
