import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { FORM_NAMES, type FormName } from '../../forms/definitions';
import { FORM_NAMESPACES } from '../../forms/i18n/use-form-text';
import { countryName } from '../../forms/widgets/country-names';
import { FieldActivity, useActivityPeriod } from '../activity/form-activity';
import { type CompiledForms, serverCompiledForms } from '../api/compiled-forms';
import { checkChanges } from '../api/rules-api';
import { FORM_TITLE } from '../gallery/text-keys';
import { samplesFor } from '../preview/demo-samples';
import { RulesPreview } from '../preview/rules-preview';
import type { RuleChange } from '../rules/changes';
import { DraftActions } from '../rules/components/draft-actions';
import { DraftSummary } from '../rules/components/draft-summary';
import { FieldRuleEditor } from '../rules/components/field-rule-editor';
import { useDraft } from '../rules/draft-state';
import { fieldView } from '../schema/field-view';
import { uiFile, valueAt } from '../schema/files';
import { useFieldLabel } from '../schema/use-field-label';
import { fieldsOf, indexUses, type UseIndex, walkForm } from '../schema/walk';
import { AdminNotFoundPage } from './admin-not-found-page';
import { runtimeText } from '../../ui/texts/runtime-text';

/** Whether a change reaches a form: it changes the form's ui file or a place the form's fields use. */
function reaches(change: RuleChange, form: FormName, uses: UseIndex): boolean {
  if (change.file === uiFile(form)) return true;
  const node = change.path.slice(0, change.path.lastIndexOf('/'));
  return (uses.get(`${change.file}#${node}`) ?? []).some((u) => u.form === form);
}

/** /admin/rules/:form?field=<path>: pick a field, change its rules, see the draft and the preview. */
export default function RulesEditorPage({ compiled }: { compiled?: CompiledForms }) {
  const { form: formParam } = useParams();
  const { info } = useDraft();
  // The services compile the published version's and the draft's validators (never the browser).
  const fromServer = useMemo(() => serverCompiledForms(info, checkChanges), [info]);
  const form = FORM_NAMES.find((name) => name === formParam);
  return form ? <RulesEditor form={form} compiled={compiled ?? fromServer} /> : <AdminNotFoundPage />;
}

function RulesEditor({ form, compiled }: { form: FormName; compiled: CompiledForms }) {
  const { t, i18n } = useTranslation(['admin', 'gallery', ...FORM_NAMESPACES]);
  const id = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [days, period] = useActivityPeriod();
  const { draft, draftFiles, published, base, refusals, apply, setReason, undo, clear } = useDraft();
  const labelOf = useFieldLabel(draftFiles);
  const fields = useMemo(() => fieldsOf(walkForm(draftFiles, form)).filter((f) => !f.group), [draftFiles, form]);
  const uses = useMemo(() => indexUses(draftFiles, FORM_NAMES), [draftFiles]);
  const path = fields.some((f) => f.path === params.get('field')) ? params.get('field')! : fields[0]?.path;
  const view = useMemo(() => (path ? fieldView(draftFiles, base, form, path) : undefined), [draftFiles, base, form, path]);
  const publishedView = useMemo(() => (path ? fieldView(published, base, form, path) : undefined), [published, base, form, path]);
  const topFields = useMemo(() => [...new Set(fields.map((f) => f.path.split('/')[0]!))], [fields]);
  const samples = useMemo(() => samplesFor(form, topFields), [form, topFields]);
  const examples = useMemo(
    () => (path ? samples.map((s) => valueAt(s.data, `/${path}`)).filter((v): v is string => typeof v === 'string' && v !== '') : []),
    [samples, path],
  );
  const formChanges = useMemo(() => draft.changes.filter((c) => reaches(c, form, uses)), [draft.changes, form, uses]);
  const labelOfValue = (value: unknown): string | undefined => {
    if (!view) return undefined;
    if (view.uiWidget === 'country' && typeof value === 'string') return countryName(value, i18n.language);
    const prefix = view.uiOptions.optionLabelPrefix;
    if (typeof prefix === 'string') {
      const key = `${prefix}.${String(value)}`;
      return i18n.exists(key, { ns: FORM_NAMESPACES }) ? runtimeText(t, key, { ns: FORM_NAMESPACES }) : undefined;
    }
    return undefined;
  };
  // Groups of the picker: top-level fields, then one group per field group.
  const groups = useMemo(() => {
    const out = new Map<string, string[]>();
    for (const f of fields) {
      const group = f.path.includes('/') ? f.path.slice(0, f.path.lastIndexOf('/')) : '';
      out.set(group, [...(out.get(group) ?? []), f.path]);
    }
    return [...out.entries()];
  }, [fields]);

  return (
    <div className="admin-rules">
      <h1>{t('admin:Editor.Heading', { form: t(FORM_TITLE[form]) })}</h1>
      <div className="admin-pickers">
        <div className="admin-control">
          <label htmlFor={`${id}-form`}>{t('admin:Editor.Form')}</label>
          <select id={`${id}-form`} value={form} onChange={(event) => void navigate(`/admin/rules/${event.target.value}`)}>
            {FORM_NAMES.map((name) => (
              <option key={name} value={name}>
                {t(FORM_TITLE[name])}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-control">
          <label htmlFor={`${id}-field`}>{t('admin:Editor.Field')}</label>
          <select id={`${id}-field`} value={path ?? ''} onChange={(event) => setParams({ field: event.target.value, days: String(days) }, { replace: true })}>
            {groups.map(([group, paths]) =>
              group === '' ? (
                paths.map((p) => (
                  <option key={p} value={p}>
                    {`${labelOf(form, p)} (${p})`}
                  </option>
                ))
              ) : (
                <optgroup key={group} label={labelOf(form, group)}>
                  {paths.map((p) => (
                    <option key={p} value={p}>
                      {`${labelOf(form, p)} (${p})`}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </select>
        </div>
        {period}
      </div>
      <div className="admin-rules__workspace">
        {view ? (
          <section className="admin-rules__field" aria-labelledby={`${id}-field-heading`}>
            <h2 id={`${id}-field-heading`}>
              {labelOf(form, view.path)} <code>{view.path}</code>
            </h2>
            <FieldActivity form={form} field={view.path} days={days} />
            <FieldRuleEditor
              view={view}
              files={draftFiles}
              published={published}
              base={base}
              uses={uses}
              refusals={refusals}
              onEdit={apply}
              labelOf={labelOf}
              labelOfValue={labelOfValue}
              examples={examples}
              publishedOrder={publishedView?.order.list}
            />
          </section>
        ) : (
          <p>{t('admin:Editor.NoFields')}</p>
        )}
        <DraftSummary draft={draft} published={published} uses={uses} refusals={refusals} onReason={setReason} onUndo={undo} onClear={clear}>
          <DraftActions />
        </DraftSummary>
      </div>
      <RulesPreview form={form} published={published} draftFiles={draftFiles} changes={formChanges} compiled={compiled} samples={samples} />
    </div>
  );
}
