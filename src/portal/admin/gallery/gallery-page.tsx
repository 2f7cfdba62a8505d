import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@rjsf/utils';
import { FORM_NAMES, FormDefinitionsContext, type FormDefinitions, type FormName } from '../../forms/definitions';
import { type CompiledForm, type LoadCompiledForm, loadCompiledForm } from '../api/compiled-forms';
import { adminKeys, SILENT } from '../api/query-keys';
import { loadSchemaFiles } from '../api/schema-files';
import { LanguageSwitch, type PreviewLanguage, PreviewTexts, usePageLanguage } from '../preview/preview-language';
import { resolvedUi, type SchemaFiles } from '../schema/files';
import { formsReachingDefs } from '../../../shared/schemas/def-reach';
import { FormExhibit } from './form-exhibit';
import { SharedDefinitions } from './shared-definitions';
import { FORM_TITLE } from './text-keys';
import './gallery.css';

type Loaded = { definitions: FormDefinitions; failures: Partial<Record<FormName, string>> };

async function loadAll(loadForm: LoadCompiledForm, files: SchemaFiles): Promise<Loaded> {
  const compiled: Partial<Record<FormName, CompiledForm>> = {};
  const failures: Partial<Record<FormName, string>> = {};
  await Promise.all(
    FORM_NAMES.map(async (form) => {
      try {
        compiled[form] = await loadForm(form);
      } catch (error) {
        failures[form] = error instanceof Error ? error.message : String(error);
      }
    }),
  );
  const definitions: FormDefinitions = (form) => {
    const found = compiled[form];
    if (!found) throw new Error(`${form} did not load`);
    return { schema: found.schema, uiSchema: resolvedUi(files, form) as UiSchema, validator: found.validator };
  };
  return { definitions, failures };
}

interface GalleryPageProps {
  /** Where the compiled forms come from (the services; tests compile their own). */
  loadForm?: LoadCompiledForm;
  loadFiles?: () => Promise<SchemaFiles>;
}

/**
 * The form gallery, the product owners' preview tool: every form from its schema files with sample
 * data, its rules in plain words and errors as you type, in English or Japanese.
 */
export default function GalleryPage({ loadForm = loadCompiledForm, loadFiles = loadSchemaFiles }: GalleryPageProps) {
  const { t } = useTranslation(['gallery', 'admin']);
  // The preview starts in the page's language; its switch changes the preview alone.
  const [lang, setLang] = useState<PreviewLanguage>(usePageLanguage());
  const files = useQuery({ queryKey: adminKeys.schemaFiles(), queryFn: () => loadFiles(), meta: SILENT });
  // Compiled afresh on each visit, so an edited schema file shows without a build.
  const loaded = useQuery({
    queryKey: ['admin', 'gallery', files.dataUpdatedAt],
    queryFn: () => loadAll(loadForm, files.data!),
    enabled: files.data !== undefined,
    gcTime: 0,
    meta: SILENT,
  });
  const failed = files.error ?? loaded.error;
  return (
    <div className="gallery">
      <header>
        <h1>{t('gallery:Title')}</h1>
        <p>{t('gallery:Intro')}</p>
        <LanguageSwitch value={lang} onChange={setLang} />
        <nav aria-label={t('gallery:Contents')}>
          <ul>
            {FORM_NAMES.map((form) => (
              <li key={form}>
                <a href={`#form-${form}`}>{t(FORM_TITLE[form])}</a>
              </li>
            ))}
            <li>
              <a href="#shared-definitions">{t('gallery:SharedDefinitions.Title')}</a>
            </li>
          </ul>
        </nav>
      </header>
      {failed ? <p role="alert">{t('gallery:LoadFailed', { message: failed instanceof Error ? failed.message : String(failed) })}</p> : null}
      {!failed && !loaded.data ? <p role="status">{t('gallery:Loading')}</p> : null}
      {loaded.data ? (
        <PreviewTexts lang={lang}>
          <FormDefinitionsContext.Provider value={loaded.data.definitions}>
            {FORM_NAMES.map((form) =>
              loaded.data.failures[form] ? (
                <section key={form} id={`form-${form}`} className="gallery-form" aria-labelledby={`gallery-${form}`}>
                  <h2 id={`gallery-${form}`}>{t(FORM_TITLE[form])}</h2>
                  <p role="alert">{t('gallery:LoadFailed', { message: loaded.data.failures[form] })}</p>
                </section>
              ) : (
                <FormExhibit key={form} form={form} definitions={loaded.data.definitions} />
              ),
            )}
            {/* Which forms each shared definition reaches, from the very files the forms were loaded from. */}
            <SharedDefinitions reach={formsReachingDefs(files.data!, Object.fromEntries(FORM_NAMES.map((form) => [form, resolvedUi(files.data!, form)])))} />
          </FormDefinitionsContext.Provider>
        </PreviewTexts>
      ) : null}
    </div>
  );
}
