import { useCallback, useContext, useMemo, useRef, useState } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { GlobalFormOptions, RJSFValidationError } from '@rjsf/utils';
import { useFormActivity } from './activity/use-form-activity';
import { readBehaviours, resolveUiSchema } from './behaviours/declarations';
import { createFormStatusStore, FormStatusContext } from './behaviours/form-status';
import { FormDefinitionsContext, type FormDefinition, type FormName } from './definitions';
import { type ServerFieldErrors, toExtraErrors } from './errors/server-errors';
import { transformErrors } from './errors/transform-errors';
import { FormActions } from './form-actions';
import { useCurrentRulesOnRefusal, useFreshStarts, useHeldTyping, useObjectVersion, useSchemaFormContext } from './schema-form-state';
import { templates, widgets } from './theme';
import type { EditToggle, FormMode } from './use-edit-toggle';
import type { TextKey } from '../ui/texts/text-key';
import './forms.css';

export interface SchemaFormProps<T> {
  form: FormName;
  /** Initial data in the contract's form shape; a new object (e.g. after a refetch) replaces the form's data. */
  formData?: Partial<T>;
  /** Resolve to leave the form as saved; reject to keep it as typed (the feature shows the toast). */
  onSubmit: (data: T) => Promise<unknown> | void;
  /**
   * Optional; the form keeps its own data, so this is for features that must react to a field. Text
   * typed into a field is reported when the learner leaves the field (or at once while errors are shown live).
   */
  onChange?: (data: T) => void;
  /** Read-only facts for declared locks and rules (hasExamProviderId, currentEmail, ...). */
  context?: Record<string, unknown>;
  mode?: FormMode;
  /** The Edit/Cancel toggle from useEditToggle; when given it decides the mode. */
  editToggle?: EditToggle;
  /** Field path -> message key, from the services' 400 answer. */
  serverErrors?: ServerFieldErrors;
  /** Message key of the submit button. */
  submitLabel?: TextKey;
  /** Validate as the learner types (the gallery); otherwise from the first submit on. */
  liveValidate?: boolean;
  /** Prefix of the form's element ids (default: the form's name); two copies of a form on one page need their own. */
  idPrefix?: string;
}

/** What SchemaForm hands the engine besides a feature's props. */
interface CoreProps<T> extends SchemaFormProps<T> {
  /** Asks which rules version is in force and loads it; true when its definition is not the one shown (the definitions follow). */
  currentRules?: (shown: FormDefinition) => Promise<boolean>;
}

const EMPTY_CONTEXT: Record<string, unknown> = {};
// A box that must be checked (`const: true`) starts unchecked rather than pre-ticked.
const DEFAULT_STATE = { constAsDefaults: 'never' } as const;

/** The form renderer over whichever definitions the context provides (precompiled or runtime-compiled). */
export function SchemaFormCore<T = Record<string, unknown>>(props: CoreProps<T>) {
  const { form, formData, onSubmit, onChange, context = EMPTY_CONTEXT, editToggle, serverErrors } = props;
  const definitions = useContext(FormDefinitionsContext);
  if (!definitions) throw new Error('SchemaFormCore needs a FormDefinitionsContext; use SchemaForm');
  const { schema, uiSchema, validator } = useMemo(() => definitions(form), [definitions, form]);
  const behaviours = useMemo(() => readBehaviours(uiSchema), [uiSchema]);
  const resolvedUiSchema = useMemo(() => resolveUiSchema(uiSchema, behaviours, context), [uiSchema, behaviours, context]);
  const mode = editToggle?.mode ?? props.mode ?? 'edit';

  const formRef = useRef<Form<T>>(null);
  // The form owns its data while the learner types (text boxes hand it over as the learner leaves them); a new formData object
  // from the feature, such as the saved profile after a refetch, starts it afresh.
  const reported = useRef<unknown>(undefined);
  const dataVersion = useObjectVersion(formData, reported);
  const [status] = useState(createFormStatusStore);
  const [submittedOnce, setSubmittedOnce] = useState(false);
  const activity = useFormActivity({ form, mode, status, schema, serverErrors });
  const idPrefix = props.idPrefix ?? form;
  const globalOptions = useMemo<GlobalFormOptions>(() => ({ idPrefix, idSeparator: '_' }), [idPrefix]);

  // Errors shown as one types need each keystroke in the form's data; otherwise text fields hold it.
  const liveValidate = Boolean(props.liveValidate) || submittedOnce;
  const heldTyping = useHeldTyping(formRef, dataVersion);
  useCurrentRulesOnRefusal(formRef, dataVersion, definitions, form, props.currentRules);
  const formContext = useSchemaFormContext({ formRef, behaviours, globalOptions, context, status, heldTyping, liveValidate });
  const clearSubmitted = useCallback(() => setSubmittedOnce(false), []);
  useFreshStarts(formRef, dataVersion, editToggle?.cancels ?? 0, status, clearSubmitted);

  const handleSubmit = useCallback(
    async ({ formData: data }: IChangeEvent<T>) => {
      activity.submitted();
      status.set({ submitting: true, invalidSubmit: false });
      try {
        await onSubmit(data as T);
        activity.saved();
        status.set({ submitting: false, edited: false });
        editToggle?.done();
      } catch {
        // The feature reports the failure; the form keeps everything the learner typed.
        status.set({ submitting: false });
      }
    },
    [onSubmit, status, editToggle, activity],
  );

  const handleError = useCallback(
    (errors: RJSFValidationError[]) => {
      activity.invalid(errors);
      status.set({ invalidSubmit: true });
      setSubmittedOnce(true);
    },
    [status, activity],
  );

  // Once a submit failed, the notice follows the live errors; before that nothing here runs per keystroke
  // beyond the feature's own onChange.
  const handleChange = useCallback(
    (e: IChangeEvent<T>) => {
      if (submittedOnce) status.set({ invalidSubmit: e.errors.length > 0 });
      reported.current = e.formData;
      onChange?.(e.formData as T);
    },
    [onChange, submittedOnce, status],
  );
  const extraErrors = useMemo(() => toExtraErrors(serverErrors), [serverErrors]);
  const readonly = mode === 'readonly';

  return (
    <FormStatusContext.Provider value={status}>
      <Form<T>
        ref={formRef}
        className={readonly ? 'schema-form schema-form--reading' : 'schema-form'}
        idPrefix={globalOptions.idPrefix}
        idSeparator={globalOptions.idSeparator}
        schema={schema}
        uiSchema={resolvedUiSchema}
        validator={validator}
        key={dataVersion}
        initialFormData={formData as T}
        formContext={formContext}
        widgets={widgets}
        templates={templates}
        transformErrors={transformErrors}
        showErrorList={false}
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULT_STATE}
        focusOnFirstError
        readonly={readonly}
        extraErrors={extraErrors}
        liveValidate={liveValidate ? 'onChange' : false}
        onSubmit={(event) => void handleSubmit(event)}
        onError={handleError}
        onChange={handleChange}
      >
        <FormActions
          submitLabel={props.submitLabel ?? (editToggle ? 'widgets:Actions.Save' : 'widgets:Actions.Submit')}
          toggle={editToggle}
          submitWhenEdited={behaviours.submitWhenEdited}
          invalidNotice={behaviours.invalidNotice}
          readonly={readonly}
        />
      </Form>
    </FormStatusContext.Provider>
  );
}
