// The partner sandbox's settings, from the environment. The secrets and the client code are the
// ones the services sign with (src/shared/partners.ts reads them for both programs).
import { partnerSettings, type PartnerSecrets } from '../shared/partners';

export interface SandboxConfig {
  port: number;
  host: string;
  origin: string;
  /** The portal's origin: where the exam-delivery partner may send the learner back. */
  portalOrigin: string;
  dataDir: string;
  secrets: PartnerSecrets;
  pearsonClientCode: string;
}

const int = (value: string | undefined, fallback: number): number => {
  const n = value ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
};

export function loadSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const host = env.HOST ?? 'localhost';
  const port = int(env.SANDBOX_PORT, 3004);
  return {
    port,
    host,
    origin: new URL(env.SANDBOX_ORIGIN ?? `https://${host}:${port}`).origin,
    portalOrigin: new URL(env.PUBLIC_ORIGIN ?? `http://${host}:${int(env.PORT, 3002)}`).origin,
    dataDir: env.DATA_DIR ?? '.data',
    ...partnerSettings(env),
  };
}
