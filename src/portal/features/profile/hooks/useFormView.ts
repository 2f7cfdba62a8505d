import { useContext, useMemo } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { FormDefinitionsContext, type FormName } from '../../../forms/definitions';
import { productionDefinitions } from '../../../forms/productionDefinitions';
import type { Profile } from '../../../api/profile';
import { pickFields, toProfileView, type ProfileView } from '../../../../shared/profile-view';

type SchemaNode = { properties?: Record<string, unknown>; allOf?: unknown[]; then?: unknown; else?: unknown };

/** Names of the top-level fields a form schema declares, including those of its conditional branches. */
export function formFieldNames(schema: RJSFSchema): string[] {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { properties, allOf, then, else: otherwise } = node as SchemaNode;
    for (const key of Object.keys(properties ?? {})) names.add(key);
    for (const part of allOf ?? []) visit(part);
    visit(then);
    visit(otherwise);
  };
  visit(schema);
  return [...names];
}

/** The stored profile as `form` sees it: the shared view mapping, cut to the form's fields. */
export function useFormView(form: FormName, profile: Profile | undefined): ProfileView | undefined {
  const definitions = useContext(FormDefinitionsContext) ?? productionDefinitions;
  const fields = useMemo(() => formFieldNames(definitions(form).schema), [definitions, form]);
  return useMemo(() => (profile ? pickFields(toProfileView(profile), fields) : undefined), [profile, fields]);
}
