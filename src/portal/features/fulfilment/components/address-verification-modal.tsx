import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePortalConfig } from '../../../clients/config';
import { useProfile } from '../../../clients/profile';
import { SchemaForm } from '../../../forms/schema-form';
import { useFormSubmission } from '../../../forms/use-form-submission';
import { isAbsoluteUrl, resolveReturnTo } from '../../../ui/links/return-to';
import { Modal } from '../../../ui/modal/modal';
import { ADDRESS_FIELDS } from '../../../../shared/profile/view';
import { fulfilmentKeys, usePendingFulfilments } from '../api/pending-fulfilments';
import { releaseFulfilments } from '../api/release-fulfilments';
import { type Address, verifyAddress } from '../api/verify-address';
import { PendingList } from './pending-list';

interface AddressForm {
  address: Address;
}

export interface AddressVerificationModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `verify_return_url`: where the learner goes after success, if the portal or a whitelisted host. */
  returnTo: string | null;
}

/** The refusal of an address the partner could not verify, shown at the first line like a 400. */
const unverified = () => ({ statusCode: 400, message: 'Address not verified', errors: [{ path: '/address/address1', key: 'Validation.InvalidAddress' }] });

/**
 * The address-verification modal (docs/behaviour.md#states-and-transitions): the learner's primary address in the profile
 * form's address fields, verified, then the pending fulfilments released to it. Success shows the
 * "address updated" toast and reloads the pending state; a failure keeps what was typed.
 */
export default function AddressVerificationModal({ open, onOpenChange, returnTo }: AddressVerificationModalProps) {
  const { t } = useTranslation(['fulfilment']);
  const config = usePortalConfig();
  const { profile } = useProfile();
  const { data: pending } = usePendingFulfilments(profile?.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const initial = useMemo<AddressForm | undefined>(() => {
    if (!profile) return undefined;
    const primary = (profile.primaryAddress ?? {}) as Address;
    return { address: Object.fromEntries(ADDRESS_FIELDS.filter((field) => primary[field]).map((field) => [field, primary[field]])) };
  }, [profile]);

  const send = useCallback(
    async ({ address }: AddressForm) => {
      if (!profile) throw new Error('No profile');
      setBusy(true);
      try {
        const verified = await verifyAddress({ address, profileId: profile.id });
        if (!verified.isValid) throw unverified();
        await releaseFulfilments({ address: verified.address, profileId: profile.id }, config.fulfilmentSource ?? 'certmetrics');
      } finally {
        setBusy(false);
      }
      await queryClient.invalidateQueries({ queryKey: fulfilmentKeys.all });
      onOpenChange(false);
      if (returnTo === null) return;
      const target = resolveReturnTo(returnTo, config.redirectWhitelist, window.location.origin);
      if (isAbsoluteUrl(target)) window.location.assign(target);
      else void navigate(target, { replace: true });
    },
    [profile, config.fulfilmentSource, config.redirectWhitelist, queryClient, onOpenChange, returnTo, navigate],
  );
  const submission = useFormSubmission<AddressForm>({ initial, send, successToast: 'Toast.Success.AddressUpdated' });

  return (
    <Modal
      name="address-verification"
      open={open}
      onOpenChange={onOpenChange}
      title={t('Modal.Title')}
      description={t('Modal.Description')}
      closingDisabled={busy}
      className="fulfilment-modal"
    >
      {pending?.hasPendingFulfillments ? (
        <div className="fulfilment-modal__items">
          <PendingList items={pending.fulfillments} />
        </div>
      ) : null}
      {initial ? <SchemaForm<AddressForm> form="address" {...submission} submitLabel="fulfilment:Modal.Submit" /> : null}
    </Modal>
  );
}
