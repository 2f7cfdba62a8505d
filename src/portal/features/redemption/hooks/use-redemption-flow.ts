import { useCallback, useRef, useState } from 'react';
import { dismissErrorToast, notifyError } from '../../../ui/toast/toast';
import { drive, type FlowEvent, type FlowState, initialState, type LearnerFacts, type RedemptionApi } from '../flow/redemption-flow';

/**
 * The flow in React: `send` runs an event and every call it leads to, and resolves true when the
 * flow waits for the learner again, or false when a call failed (the generic toast is shown and
 * the view stays as it was, so a form keeps what was typed) or was refused with field errors (shown
 * at the fields, no toast). Events sent while busy are ignored. A generic toast still showing goes
 * once an event goes through.
 */
export function useRedemptionFlow(api: RedemptionApi, facts: LearnerFacts) {
  const [state, setState] = useState<FlowState>(() => initialState(facts));
  const current = useRef(state);
  const send = useCallback(
    async (event: FlowEvent): Promise<boolean> => {
      if (current.current.work) return false;
      const { failures, refusals } = current.current;
      for await (const next of drive(current.current, event, api)) {
        current.current = next;
        setState(next);
      }
      if (current.current.failures > failures) {
        notifyError(current.current.failure);
        return false;
      }
      if (current.current.refusals > refusals) return false;
      dismissErrorToast();
      return true;
    },
    [api],
  );
  return { state, send, busy: state.work !== undefined };
}
