import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@rjsf/utils';
import { readBehaviours } from '../../forms/behaviours/declarations';
import type { FormDefinitions, FormName } from '../../forms/definitions';
import { SchemaFormCore } from '../../forms/schema-form-core';
import { CONTEXT_FLAG, FORM_TITLE } from './text-keys';
import { RulesList } from './rules-list';
import { SAMPLE_OPTIONS, SAMPLES } from './samples';

function optionsFromKeys(ui: unknown, out = new Set<string>()): Set<string> {
  if (typeof ui === 'object' && ui !== null) {
    for (const [key, value] of Object.entries(ui)) {
      if (key === 'optionsFrom' && typeof value === 'string') out.add(value);
      else optionsFromKeys(value, out);
    }
  }
  return out;
}

/** One form: the live form with sample data and the context flags it declares, beside its rules. */
export function FormExhibit({ form, definitions }: { form: FormName; definitions: FormDefinitions }) {
  const { t } = useTranslation(['gallery']);
  const { schema, uiSchema } = useMemo(() => definitions(form), [definitions, form]);
  const flags = useMemo(() => [...new Set(readBehaviours(uiSchema).locks.map((l) => l.flag))], [uiSchema]);
  const [flagValues, setFlagValues] = useState<Record<string, boolean>>({});
  const [readonly, setReadonly] = useState(false);
  const [submitted, setSubmitted] = useState<unknown>();
  const context = useMemo(() => {
    const lists = Object.fromEntries([...optionsFromKeys(uiSchema as UiSchema)].map((k) => [k, SAMPLE_OPTIONS]));
    return { ...lists, ...flagValues };
  }, [uiSchema, flagValues]);
  const headingId = `gallery-${form}`;
  return (
    <section aria-labelledby={headingId} className="gallery-form" id={`form-${form}`}>
      <h2 id={headingId}>{t(FORM_TITLE[form])}</h2>
      <fieldset className="gallery-context">
        <legend>{t('Context.Title')}</legend>
        {flags.map((flag) => (
          <label key={flag}>
            <input type="checkbox" checked={flagValues[flag] ?? false} onChange={(e) => setFlagValues((v) => ({ ...v, [flag]: e.target.checked }))} />{' '}
            {CONTEXT_FLAG[flag] ? t(CONTEXT_FLAG[flag]) : flag}
          </label>
        ))}
        <label>
          <input type="checkbox" checked={readonly} onChange={(e) => setReadonly(e.target.checked)} /> {t('Context.ReadOnly')}
        </label>
      </fieldset>
      <div className="gallery-columns">
        <div>
          <SchemaFormCore
            form={form}
            formData={SAMPLES[form]}
            context={context}
            mode={readonly ? 'readonly' : 'edit'}
            liveValidate
            onSubmit={(data) => setSubmitted(data)}
          />
          {submitted !== undefined && (
            <div role="status">
              <p>{t('Submitted')}</p>
              <pre>{JSON.stringify(submitted, null, 2)}</pre>
            </div>
          )}
        </div>
        <RulesList schema={schema} uiSchema={uiSchema} />
      </div>
    </section>
  );
}
