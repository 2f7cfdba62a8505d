/*
 * The address editor of pending fulfilments: one modal for the portal, opened from the banner, from
 * the certification frame's request, or by `verify_return_url` in the query (docs/behaviour.md#states-and-transitions).
 *
 * Use:
 *   <AddressEditorProvider>...</AddressEditorProvider>    // once, in the shell
 *   const { openAddressEditor } = useAddressEditor();
 */
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePortalConfig } from '../../clients/config';

export const VERIFY_RETURN_PARAM = 'verify_return_url';

// The modal holds the form code: it loads when first opened, not with the shell.
const AddressVerificationModal = lazy(() => import('./components/address-verification-modal'));

interface AddressEditor {
  openAddressEditor: () => void;
}

const AddressEditorContext = createContext<AddressEditor | null>(null);

export function AddressEditorProvider({ children }: { children: ReactNode }) {
  const { flags } = usePortalConfig();
  const [params] = useSearchParams();
  const returnTo = params.get(VERIFY_RETURN_PARAM);
  const [open, setOpen] = useState(false);
  // The return target is taken when the modal opens; it does not follow later navigation.
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (returnTo === null || !flags.certmetrics) return;
    setTarget(returnTo);
    setOpen(true);
  }, [returnTo, flags.certmetrics]);

  const openAddressEditor = useCallback(() => {
    setTarget(null);
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ openAddressEditor }), [openAddressEditor]);

  return (
    <AddressEditorContext.Provider value={value}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <AddressVerificationModal open onOpenChange={setOpen} returnTo={target} />
        </Suspense>
      ) : null}
    </AddressEditorContext.Provider>
  );
}

export function useAddressEditor(): AddressEditor {
  const editor = useContext(AddressEditorContext);
  if (!editor) throw new Error('useAddressEditor needs an AddressEditorProvider (the shell provides it)');
  return editor;
}
