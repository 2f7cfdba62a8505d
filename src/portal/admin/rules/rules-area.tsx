import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { adminKeys, SILENT } from '../api/query-keys';
import { fetchVersion, messageOf, rulesKeys, rulesQueries } from '../api/rules-api';
import { loadSchemaFiles } from '../api/schema-files';
import type { SchemaFiles } from '../schema/files';
import { applyChanges } from './changes';
import { DraftProvider, type PublishedRulesInfo } from './draft-state';

interface Published {
  files: SchemaFiles;
  base: SchemaFiles;
  info: PublishedRulesInfo;
}

/**
 * The field rules pages, sharing one draft. The base files come from /schemas/; the published
 * version (the base plus its changes, GET /api/admin/rules/versions/<n>) from the services, which
 * say which version is in force (GET /api/admin/rules/forms).
 *
 * The loading line shows only until the first version has come. After a publish or a roll back the
 * services name the new version before its changes have arrived: the pages stay mounted with the
 * version they showed (and what is on them, such as the publish's confirmation) until the new one is
 * there, then show it.
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
  });
  const current = useMemo<Published | undefined>(() => {
    if (!files.data || !listing.data || number === undefined || (number > 0 && version.data?.number !== number)) return undefined;
    const info: PublishedRulesInfo = {
      version: number,
      hash: listing.data.published.hash,
      baseHash: listing.data.baseHash,
      approvalRequired: listing.data.approvalRequired,
    };
    return { files: number > 0 && version.data ? applyChanges(files.data, version.data.changes as never) : files.data, base: files.data, info };
  }, [files.data, listing.data, number, version.data]);
  const shown = useLastShown(current);
  const error = files.error ?? listing.error ?? version.error;
  if (error) return <p role="alert">{t('admin:Rules.LoadFailed', { message: messageOf(error) })}</p>;
  if (!shown) return <p role="status">{t('admin:Rules.Loading')}</p>;
  return (
    <DraftProvider published={shown.files} base={shown.base} info={shown.info}>
      <Outlet />
    </DraftProvider>
  );
}

/** The value, or while it is undefined the last one that was not. */
function useLastShown<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  // Set while rendering (React's way to keep a value of earlier renders): no extra commit.
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
