import { X509Certificate } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TlsMaterial {
  /** PEM of the local certificate authority that signed the server certificate; clients trust this. */
  ca: string;
  cert: string;
  key: string;
  caCertPath: string;
}

const FILES = { caCert: 'ca.pem', caKey: 'ca-key.pem', cert: 'cert.pem', key: 'key.pem' } as const;
const VALIDITY_DAYS = { ca: 3650, leaf: 825 };

const addDays = (days: number): Date => new Date(Date.now() + days * 86_400_000);

// A certificate about to lapse is made anew rather than left to break sign-in one morning.
const stillValid = (pem: string): boolean => new Date(new X509Certificate(pem).validTo) > addDays(7);

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const makeAuthority = () =>
  generate([{ name: 'commonName', value: 'Certification Portal Local CA' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: addDays(VALIDITY_DAYS.ca),
    extensions: [
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });

/**
 * MSAL accepts only an https authority, so the provider needs a certificate. A small local CA signs
 * a leaf for localhost; a browser or test can trust the CA once and keep working across restarts,
 * because the files are made on first start and reused afterwards.
 */
export async function ensureTlsMaterial(dataDir: string, leafDays = VALIDITY_DAYS.leaf): Promise<TlsMaterial> {
  const dir = join(dataDir, 'tls');
  const paths = {
    caCert: join(dir, FILES.caCert),
    caKey: join(dir, FILES.caKey),
    cert: join(dir, FILES.cert),
    key: join(dir, FILES.key),
  };
  const [ca, caKey, cert, key] = await Promise.all([
    readIfPresent(paths.caCert),
    readIfPresent(paths.caKey),
    readIfPresent(paths.cert),
    readIfPresent(paths.key),
  ]);
  if (ca && caKey && cert && key && stillValid(ca) && stillValid(cert)) return { ca, cert, key, caCertPath: paths.caCert };

  await mkdir(dir, { recursive: true, mode: 0o700 });
  const authority = ca && caKey && stillValid(ca) ? { cert: ca, private: caKey } : await makeAuthority();
  const leaf = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    // Browsers reject server certificates valid for more than 825 days.
    notAfterDate: addDays(leafDays),
    ca: { key: authority.private, cert: authority.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  await writeFile(paths.caKey, authority.private, { mode: 0o600 });
  await writeFile(paths.key, leaf.private, { mode: 0o600 });
  await writeFile(paths.caCert, authority.cert);
  await writeFile(paths.cert, leaf.cert);
  return { ca: authority.cert, cert: leaf.cert, key: leaf.private, caCertPath: paths.caCert };
}
