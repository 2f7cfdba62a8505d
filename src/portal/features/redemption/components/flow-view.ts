import type { FlowEvent, FlowState, LearnerFacts } from '../flow/redemption-flow';

/** What every view of the redemption dialog receives. */
export interface FlowView {
  state: FlowState;
  busy: boolean;
  send: (event: FlowEvent) => Promise<boolean>;
  /** The learner facts as of now (the profile may have changed during the flow). */
  facts: () => LearnerFacts;
}

/** A form's onSubmit that keeps the typed data when the flow reports a failure. */
export const submitting = (run: () => Promise<boolean>) => async () => {
  if (!(await run())) throw new Error('The call failed; the form keeps what was typed.');
};
