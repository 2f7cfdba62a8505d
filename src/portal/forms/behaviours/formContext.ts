import type { FormStatusStore } from './formStatus';

/** What SchemaForm hands every widget through RJSF's formContext. */
export interface SchemaFormContext {
  /** Read-only facts the feature passes (e.g. hasExamProviderId, currentEmail). */
  context: Record<string, unknown>;
  status: FormStatusStore;
  /** Called from a field's change event: marks the form edited and applies declared clears. */
  fieldChanged: (fieldId: string, value: unknown) => void;
}
