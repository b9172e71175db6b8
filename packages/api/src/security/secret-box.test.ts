import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveEncryptionKeys } from './encryption-key';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 3));

  it('encrypts with AES-256-GCM: a fresh IV each time, and tampering is detected', () => {
    const a = box.encrypt('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(box.encrypt('JBSWY3DPEHPK3PXP'));
    expect(box.decrypt(a)).toBe('JBSWY3DPEHPK3PXP');
    const [version, iv, tag, body] = a.split(':');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(() => box.decrypt([version, iv, tag, flipped].join(':'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(31, 3)).decrypt(a)).toThrow();
  });

  it('hashes a code bound to its context and keyed: another key or context gives another hash', () => {
    expect(box.hash('challenge-a', '12345678')).toBe(box.hash('challenge-a', '12345678'));
    expect(box.hash('challenge-a', '12345678')).not.toBe(box.hash('challenge-b', '12345678'));
    expect(createSecretBox(Buffer.alloc(32, 4)).hash('challenge-a', '12345678')).not.toBe(
      box.hash('challenge-a', '12345678'),
    );
  });

  it('generates the key into DATA_DIR once without ENCRYPTION_KEY, and prefers ENCRYPTION_KEY', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vestibule-key-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
      const [first] = await resolveEncryptionKeys(config);
      expect(first).toHaveLength(32);
      expect(await resolveEncryptionKeys(config)).toEqual([first]);
      expect((await readFile(join(dir, 'encryption.key'), 'utf8')).trim()).toBe(first?.toString('base64'));
      const configured = Buffer.alloc(32, 9);
      const withKey = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        ENCRYPTION_KEY: configured.toString('base64'),
      });
      expect(await resolveEncryptionKeys(withKey)).toEqual([configured]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
