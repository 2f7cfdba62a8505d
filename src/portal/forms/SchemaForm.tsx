import { useContext } from 'react';
import { FormDefinitionsContext } from './definitions';
import { productionDefinitions } from './productionDefinitions';
import { SchemaFormCore, type SchemaFormProps } from './SchemaFormCore';

export type { SchemaFormProps } from './SchemaFormCore';

/**
 * The one form renderer of the portal: a form name and data in; the theme, the precompiled validator
 * and the message catalogue inside.
 */
export function SchemaForm<T = Record<string, unknown>>(props: SchemaFormProps<T>) {
  const provided = useContext(FormDefinitionsContext);
  if (provided) return <SchemaFormCore<T> {...props} />;
  return (
    <FormDefinitionsContext.Provider value={productionDefinitions}>
      <SchemaFormCore<T> {...props} />
    </FormDefinitionsContext.Provider>
  );
}
