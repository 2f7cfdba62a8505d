import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@rjsf/utils';
import { type FormDefinitions, FormDefinitionsContext, type FormName } from '../../forms/definitions';
import { SchemaForm } from '../../forms/schema-form';
import { type CompiledForm, type CompiledForms, DraftNotCompiled } from '../api/compiled-forms';
import { adminKeys, SILENT } from '../api/query-keys';
import type { RuleChange } from '../rules/changes';
import { resolvedUi, type SchemaFiles } from '../schema/files';
import type { Sample } from './demo-samples';
import { LanguageSwitch, type PreviewLanguage, PreviewTexts, usePageLanguage } from './preview-language';

export interface RulesPreviewProps {
  form: FormName;
  /** The published files and the files with the draft applied (their ui files lay the form out). */
  published: SchemaFiles;
  draftFiles: SchemaFiles;
  /** The draft's changes that reach this form (none: the draft leaves it as published). */
  changes: readonly RuleChange[];
  compiled: CompiledForms;
  samples: readonly Sample[];
}

function PreviewForm({
  form,
  compiled,
  ui,
  sample,
  lang,
  idPrefix,
}: {
  form: FormName;
  compiled: CompiledForm;
  ui: UiSchema;
  sample: Sample;
  lang: PreviewLanguage;
  idPrefix: string;
}) {
  const { t } = useTranslation(['admin']);
  const [valid, setValid] = useState(false);
  const definitions = useMemo<FormDefinitions>(() => () => ({ schema: compiled.schema, uiSchema: ui, validator: compiled.validator }), [compiled, ui]);
  return (
    <PreviewTexts lang={lang}>
      <FormDefinitionsContext.Provider value={definitions}>
        <SchemaForm form={form} idPrefix={idPrefix} formData={sample.data} liveValidate onChange={() => setValid(false)} onSubmit={() => setValid(true)} />
      </FormDefinitionsContext.Provider>
      {valid ? <p role="status">{t('admin:Preview.Valid')}</p> : null}
    </PreviewTexts>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-preview__column" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/**
 * The form with the draft's rules beside the published ones, in the portal's own form renderer,
 * filled with sample data, errors shown as you type, in English or Japanese.
 */
export function RulesPreview({ form, published, draftFiles, changes, compiled, samples }: RulesPreviewProps) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  // The preview starts in the page's language; its switch changes the preview alone.
  const [lang, setLang] = useState<PreviewLanguage>(usePageLanguage());
  const [sampleId, setSampleId] = useState(samples[0]?.id);
  const sample = samples.find((s) => s.id === sampleId) ?? samples[0];
  const publishedForm = useQuery({ queryKey: adminKeys.compiledForm(form, 'published'), queryFn: () => compiled.published(form), meta: SILENT });
  const draftKey = JSON.stringify(changes);
  const draftForm = useQuery({
    queryKey: adminKeys.compiledForm(form, draftKey),
    queryFn: () => compiled.draft!(form, changes),
    enabled: changes.length > 0 && compiled.draft !== undefined,
    meta: SILENT,
  });
  const failed = (error: unknown) => <p role="alert">{t('admin:Preview.Failed', { message: error instanceof Error ? error.message : String(error) })}</p>;
  const loading = <p role="status">{t('admin:Preview.Loading')}</p>;
  const key = `${sample?.id}:${lang}`;
  return (
    <section className="admin-preview" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('admin:Preview.Heading')}</h2>
      <div className="admin-preview__tools">
        <div className="admin-control">
          <label htmlFor={`${id}-sample`}>{t('admin:Preview.Sample')}</label>
          <select id={`${id}-sample`} value={sample?.id} onChange={(event) => setSampleId(event.target.value)}>
            {samples.map((s) => (
              <option key={s.id} value={s.id}>
                {t(s.labelKey, { email: s.email })}
              </option>
            ))}
          </select>
        </div>
        <LanguageSwitch value={lang} onChange={setLang} />
      </div>
      <div className="admin-preview__columns">
        <Column title={t('admin:Preview.Published')}>
          {publishedForm.error ? failed(publishedForm.error) : null}
          {publishedForm.data && sample ? (
            <PreviewForm
              key={key}
              form={form}
              idPrefix={`published-${form}`}
              compiled={publishedForm.data}
              ui={resolvedUi(published, form) as UiSchema}
              sample={sample}
              lang={lang}
            />
          ) : publishedForm.error ? null : (
            loading
          )}
        </Column>
        <Column title={t('admin:Preview.Draft')}>
          {changes.length === 0 ? (
            <p>{t('admin:Preview.NoChange')}</p>
          ) : !compiled.draft ? (
            <p>{t('admin:Preview.DraftNotCompiled')}</p>
          ) : draftForm.error instanceof DraftNotCompiled ? (
            <p>{t('admin:Preview.DraftRefused')}</p>
          ) : draftForm.error ? (
            failed(draftForm.error)
          ) : draftForm.data && sample ? (
            <PreviewForm
              key={key}
              form={form}
              idPrefix={`draft-${form}`}
              compiled={draftForm.data}
              ui={resolvedUi(draftFiles, form) as UiSchema}
              sample={sample}
              lang={lang}
            />
          ) : (
            loading
          )}
        </Column>
      </div>
    </section>
  );
}
