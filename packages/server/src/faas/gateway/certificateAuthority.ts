import 'reflect-metadata'; // @peculiar/x509's dependency injection needs the polyfill loaded first
import { webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import type { StorageLocation } from '../../storage/db.js';

/** The CA a function trusts, and the certificate the gateway serves for the cloud's service names. */
export interface GatewayTls {
  /** PEM of the CA certificate (what SSL_CERT_FILE points at inside the sandbox). */
  caPem: string;
  /** PEM of the server certificate and its private key. */
  certPem: string;
  keyPem: string;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000;

function pemKey(der: ArrayBuffer): string {
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

/**
 * A CA made by this cloud and a certificate for `names`, signed by it. Only functions run by this cloud
 * are told to trust the CA; nothing else on the machine does.
 */
async function issue(names: string[], now: Date): Promise<GatewayTls> {
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const notAfter = new Date(now.getTime() + TEN_YEARS_MS);
  const caKeys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Varde reference cloud functions CA',
    notBefore: now,
    notAfter,
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const serverKeys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: `CN=${names[0]}`,
    issuer: ca.subject,
    notBefore: now,
    notAfter,
    publicKey: serverKeys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names.map((value) => ({ type: 'dns' as const, value }))),
    ],
  });
  const keyDer = await webcrypto.subtle.exportKey('pkcs8', serverKeys.privateKey);
  return { caPem: ca.toString('pem'), certPem: cert.toString('pem'), keyPem: pemKey(keyDer) };
}

/**
 * Loads the gateway's CA and certificate from `<data>/functions-tls/` or makes them (in memory with
 * --memory, and per start on PostgreSQL: functions run on the node that serves them, so the CA is the
 * node's own). A stored certificate that does not cover `names` (another --domain) is made anew.
 */
export async function loadOrCreateGatewayTls(storage: StorageLocation, names: string[], now: Date): Promise<GatewayTls> {
  if (storage.kind !== 'directory') return issue(names, now);
  const dir = join(storage.dir, 'functions-tls');
  const files = { caPem: join(dir, 'ca.pem'), certPem: join(dir, 'server.pem'), keyPem: join(dir, 'server-key.pem') };
  if (Object.values(files).every((file) => existsSync(file))) {
    const stored = {
      caPem: readFileSync(files.caPem, 'utf8'),
      certPem: readFileSync(files.certPem, 'utf8'),
      keyPem: readFileSync(files.keyPem, 'utf8'),
    };
    const san = new x509.X509Certificate(stored.certPem).getExtension(x509.SubjectAlternativeNameExtension);
    const covered = new Set(san?.names.items.map((name) => name.value) ?? []);
    if (names.every((name) => covered.has(name))) return stored;
  }
  const made = await issue(names, now);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(files.caPem, made.caPem);
  writeFileSync(files.certPem, made.certPem);
  writeFileSync(files.keyPem, made.keyPem, { mode: 0o600 });
  return made;
}
