import type { FormStatusStore } from './form-status';

/** What SchemaForm hands every widget through RJSF's formContext. */
export interface SchemaFormContext {
  /** Read-only facts the feature passes (e.g. hasExamProviderId, currentEmail). */
  context: Record<string, unknown>;
  status: FormStatusStore;
  /** Called from a field's change event: marks the form edited and applies declared clears. */
  fieldChanged: (fieldId: string, value: unknown) => void;
  /**
   * Whether a text field keeps what is typed in the widget until the learner leaves it or submits,
   * so a keystroke re-renders that input alone rather than running the whole form's change. Off while
   * errors are shown as one types (the gallery, after a failed submit) and for declared clear sources.
   */
  holdsTyping: (fieldId: string) => boolean;
  /** A widget holding typed text registers how to hand it over; the form calls it before a submit. */
  holdTyping: (handOver: () => void) => () => void;
  /** Marks the form edited from the first keystroke, while the text is still held in the widget. */
  markEdited: () => void;
}
