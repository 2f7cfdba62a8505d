import { useCallback, useRef, useState } from 'react';
import { notifyError } from '../../../ui/toast/toast';
import { drive, type FlowEvent, type FlowState, initialState, type LearnerFacts, type RedemptionApi } from '../flow/redemption-flow';

/**
 * The flow in React: `send` runs an event and every call it leads to, and resolves true when the
 * flow waits for the learner again, or false when a call failed (the generic toast is shown and
 * the view stays as it was, so a form keeps what was typed). Events sent while busy are ignored.
 */
export function useRedemptionFlow(api: RedemptionApi, facts: LearnerFacts) {
  const [state, setState] = useState<FlowState>(() => initialState(facts));
  const current = useRef(state);
  const send = useCallback(
    async (event: FlowEvent): Promise<boolean> => {
      if (current.current.work) return false;
      const failuresBefore = current.current.failures;
      for await (const next of drive(current.current, event, api)) {
        current.current = next;
        setState(next);
      }
      if (current.current.failures > failuresBefore) {
        notifyError();
        return false;
      }
      return true;
    },
    [api],
  );
  return { state, send, busy: state.work !== undefined };
}
