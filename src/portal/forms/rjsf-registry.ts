import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator, type Registry } from '@rjsf/utils';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import FallbackFieldTemplate from '@rjsf/core/lib/components/templates/FallbackFieldTemplate.js';
import FieldHelpTemplate from '@rjsf/core/lib/components/templates/FieldHelpTemplate.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';

/** The registry before the theme's templates are merged in (Form adds `schemaUtils` itself). */
type DefaultRegistry = Omit<Registry, 'schemaUtils' | 'templates'> & { templates: Partial<Registry['templates']> };

/**
 * The registry RJSF's Form starts from, in place of its own getDefaultRegistry (vite.config.ts swaps
 * the module): only the fields, templates and widgets the portal's forms reach. The theme
 * (theme.ts) adds its widgets and templates on top, as Form merges them. The forms' schemas hold
 * objects, strings, booleans and numbers, with no arrays, `anyOf`/`oneOf` choices, layout grids or
 * cyclic references, so RJSF's fields for those (and their templates and buttons) stay out of the
 * bundle; tests/unit/forms/rjsf-registry.test.tsx keeps the schemas so. Unsupported types still show
 * RJSF's own "unsupported" notice.
 */
export default function getDefaultRegistry(): DefaultRegistry {
  return {
    fields: { BooleanField, FallbackField, NullField, NumberField, ObjectField, SchemaField, StringField },
    templates: {
      FallbackFieldTemplate,
      FieldHelpTemplate,
      UnsupportedFieldTemplate: UnsupportedField,
    },
    widgets: { HiddenWidget },
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: {
      idPrefix: DEFAULT_ID_PREFIX,
      idSeparator: DEFAULT_ID_SEPARATOR,
      useFallbackUiForUnsupportedType: false,
    },
  };
}
