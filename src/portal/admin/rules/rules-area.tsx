import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { adminKeys, SILENT } from '../api/query-keys';
import { fetchVersion, messageOf, rulesKeys, rulesQueries } from '../api/rules-api';
import { loadSchemaFiles } from '../api/schema-files';
import type { SchemaFiles } from '../schema/files';
import { applyChanges } from './changes';
import { DraftProvider, type PublishedRulesInfo } from './draft-state';

/**
 * The field rules pages, sharing one draft. The base files come from /schemas/; the published
 * version (the base plus its changes, GET /api/admin/rules/versions/<n>) from the services, which
 * say which version is in force (GET /api/admin/rules/forms).
 */
export function RulesArea({ loadFiles = loadSchemaFiles }: { loadFiles?: () => Promise<SchemaFiles> }) {
  const { t } = useTranslation(['admin']);
  const files = useQuery({ queryKey: adminKeys.schemaFiles(), queryFn: () => loadFiles(), meta: SILENT });
  const listing = useQuery(rulesQueries.forms());
  const number = listing.data?.published.version;
  const version = useQuery({
    queryKey: rulesKeys.version(number ?? 0),
    queryFn: () => fetchVersion(number!),
    enabled: number !== undefined && number > 0,
    meta: SILENT,
    staleTime: Infinity,
    // After a publish or roll back the pages stay (with what they show) while the new version loads.
    placeholderData: (previous) => previous,
  });
  const error = files.error ?? listing.error ?? version.error;
  if (error) return <p role="alert">{t('admin:Rules.LoadFailed', { message: messageOf(error) })}</p>;
  if (!files.data || !listing.data || (number! > 0 && !version.data)) return <p role="status">{t('admin:Rules.Loading')}</p>;
  const published = number! > 0 && version.data ? applyChanges(files.data, version.data.changes as never) : files.data;
  const info: PublishedRulesInfo = {
    version: listing.data.published.version,
    hash: listing.data.published.hash,
    baseHash: listing.data.baseHash,
    approvalRequired: listing.data.approvalRequired,
  };
  return (
    <DraftProvider published={published} base={files.data} info={info}>
      <Outlet />
    </DraftProvider>
  );
}
