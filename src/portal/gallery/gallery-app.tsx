import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiSchema } from '@rjsf/utils';
import { FORM_NAMES, FormDefinitionsContext, type FormDefinitions, type FormName } from '../forms/definitions';
import { LANGUAGES } from '../forms/i18n/locale-resources';
import { FormExhibit } from './form-exhibit';
import { FORM_TITLE, LANGUAGE_NAME } from './text-keys';
import { loadCompiledForm, type CompiledForm, type LoadCompiledForm } from './load-compiled-form';
import { loadFormFiles } from './load-schema-files';
import { SharedDefinitions } from './shared-definitions';
import { formsReachingDefs } from '../../shared/schemas/def-reach';

type Loaded = { definitions: FormDefinitions; failures: Partial<Record<FormName, string>>; reach: Record<string, FormName[]> };

async function loadAll(loadForm: LoadCompiledForm): Promise<Loaded> {
  const compiled: Partial<Record<FormName, CompiledForm>> = {};
  const ui: Partial<Record<FormName, UiSchema>> = {};
  const files: Record<string, unknown> = {};
  const failures: Partial<Record<FormName, string>> = {};
  await Promise.all(
    FORM_NAMES.map(async (form) => {
      try {
        const [loaded, forms] = await Promise.all([loadFormFiles(form), loadForm(form)]);
        ui[form] = loaded.ui;
        Object.assign(files, loaded.files);
        compiled[form] = forms;
      } catch (error) {
        failures[form] = error instanceof Error ? error.message : String(error);
      }
    }),
  );
  const definitions: FormDefinitions = (form) => {
    const found = compiled[form];
    if (!found) throw new Error(`${form} did not load`);
    return { schema: found.schema, uiSchema: ui[form] ?? {}, validator: found.validator };
  };
  // Which forms each shared definition reaches, from the very files the forms were loaded from.
  return { definitions, failures, reach: formsReachingDefs(files, ui) };
}

/** The product owners' gallery: every form from its schema files, with a language switch. */
export function GalleryApp({ loadForm = loadCompiledForm }: { loadForm?: LoadCompiledForm } = {}) {
  const { t, i18n } = useTranslation('gallery');
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    void loadAll(loadForm).then(setLoaded);
  }, [loadForm]);
  useEffect(() => {
    document.documentElement.lang = i18n.language;
    document.title = t('Title');
  }, [i18n.language, t]);
  return (
    <main className="gallery">
      <header>
        <h1>{t('Title')}</h1>
        <p>{t('Intro')}</p>
        <div role="group" aria-label={t('Language')} className="gallery-languages">
          {LANGUAGES.map((lang) => (
            <button key={lang} type="button" aria-pressed={i18n.language === lang} onClick={() => void i18n.changeLanguage(lang)}>
              {t(LANGUAGE_NAME[lang])}
            </button>
          ))}
        </div>
        <nav aria-label={t('Contents')}>
          <ul>
            {FORM_NAMES.map((form) => (
              <li key={form}>
                <a href={`#form-${form}`}>{t(FORM_TITLE[form])}</a>
              </li>
            ))}
            <li>
              <a href="#shared-definitions">{t('SharedDefinitions.Title')}</a>
            </li>
          </ul>
        </nav>
      </header>
      {!loaded && <p role="status">{t('Loading')}</p>}
      {loaded && (
        <FormDefinitionsContext.Provider value={loaded.definitions}>
          {FORM_NAMES.map((form) =>
            loaded.failures[form] ? (
              <section key={form} id={`form-${form}`} className="gallery-form">
                <h2>{t(FORM_TITLE[form])}</h2>
                <p role="alert">{t('LoadFailed', { message: loaded.failures[form] })}</p>
              </section>
            ) : (
              <FormExhibit key={form} form={form} definitions={loaded.definitions} />
            ),
          )}
          <SharedDefinitions reach={loaded.reach} />
        </FormDefinitionsContext.Provider>
      )}
    </main>
  );
}
