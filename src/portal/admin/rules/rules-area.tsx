import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { adminKeys, SILENT } from '../api/query-keys';
import { loadSchemaFiles } from '../api/schema-files';
import type { SchemaFiles } from '../schema/files';
import { DraftProvider } from './draft-state';

/**
 * The field rules pages, sharing one draft. The files are the base today, which is also what is
 * published: the services' versions come in with their rules API (see this folder's README).
 */
export function RulesArea({ loadFiles = loadSchemaFiles }: { loadFiles?: () => Promise<SchemaFiles> }) {
  const { t } = useTranslation('admin');
  const files = useQuery({ queryKey: adminKeys.schemaFiles(), queryFn: () => loadFiles(), meta: SILENT });
  if (files.error) return <p role="alert">{t('admin:Rules.LoadFailed', { message: files.error instanceof Error ? files.error.message : String(files.error) })}</p>;
  if (!files.data) return <p role="status">{t('admin:Rules.Loading')}</p>;
  return (
    <DraftProvider published={files.data} base={files.data}>
      <Outlet />
    </DraftProvider>
  );
}
