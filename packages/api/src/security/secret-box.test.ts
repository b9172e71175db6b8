import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { MissingEncryptionKeyError, resolveEncryptionKeys } from './encryption-key';
import { createSecretBox, keyIdOf, sealedKeyId } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 3));

  it('encrypts with AES-256-GCM: a fresh IV each time, and tampering is detected', () => {
    const a = box.encrypt('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(box.encrypt('JBSWY3DPEHPK3PXP'));
    expect(box.decrypt(a)).toBe('JBSWY3DPEHPK3PXP');
    const [version, keyId, iv, tag, body] = a.split(':');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(() => box.decrypt([version, keyId, iv, tag, flipped].join(':'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(31, 3)).decrypt(a)).toThrow();
  });

  it('hashes a code bound to its context and keyed: another key or context gives another hash', () => {
    expect(box.hash('challenge-a', '12345678')).toBe(box.hash('challenge-a', '12345678'));
    expect(box.hash('challenge-a', '12345678')).not.toBe(box.hash('challenge-b', '12345678'));
    expect(createSecretBox(Buffer.alloc(32, 4)).hash('challenge-a', '12345678')).not.toBe(
      box.hash('challenge-a', '12345678'),
    );
  });

  it('names the key of every sealed value; an older key of the ring still opens what it sealed', () => {
    const oldKey = Buffer.alloc(32, 3);
    const newKey = Buffer.alloc(32, 4);
    const sealedOld = box.encrypt('BE68539007547034');
    expect(sealedKeyId(sealedOld)).toBe(keyIdOf(oldKey));
    const ring = createSecretBox([newKey, oldKey]);
    expect(ring.activeKeyId).toBe(keyIdOf(newKey));
    expect(ring.keyIds).toEqual([keyIdOf(newKey), keyIdOf(oldKey)]);
    expect(ring.decrypt(sealedOld)).toBe('BE68539007547034');
    expect(sealedKeyId(ring.encrypt('x'))).toBe(keyIdOf(newKey));
    // Without the old key, its values are refused by name.
    expect(() => createSecretBox(newKey).decrypt(sealedOld)).toThrow(`sealed under key ${keyIdOf(oldKey)}`);
  });

  it('opens v1 values (sealed before key ids) with whichever key of the ring sealed them', () => {
    const [, , iv, tag, body] = box.encrypt('JBSWY3DPEHPK3PXP').split(':');
    const legacy = ['v1', iv, tag, body].join(':');
    expect(createSecretBox([Buffer.alloc(32, 4), Buffer.alloc(32, 3)]).decrypt(legacy)).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    expect(() => createSecretBox(Buffer.alloc(32, 4)).decrypt(legacy)).toThrow();
  });

  it('blind-indexes identifiers per kind and key: stable, keyed, and every key of the ring answers', () => {
    const pan = '5065000000000027';
    expect(box.blindIndex('pan', pan)).toBe(box.blindIndex('pan', pan));
    expect(box.blindIndex('pan', pan)).not.toContain(pan);
    expect(box.blindIndex('pan', pan)).not.toBe(box.blindIndex('nrn', pan));
    expect(box.blindIndex('pan', pan)).not.toBe(box.hash('', pan));
    const ring = createSecretBox([Buffer.alloc(32, 4), Buffer.alloc(32, 3)]);
    expect(ring.blindIndexes('pan', pan)).toEqual([
      createSecretBox(Buffer.alloc(32, 4)).blindIndex('pan', pan),
      box.blindIndex('pan', pan),
    ]);
    expect(ring.hashes('c', '123456')[1]).toBe(box.hash('c', '123456'));
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
      const ring = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        ENCRYPTION_KEY: `${configured.toString('base64')}, ${first?.toString('base64')}`,
      });
      expect(await resolveEncryptionKeys(ring)).toEqual([configured, first]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never invents a key when told not to (the admin CLI on a database that holds sealed values)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vestibule-key-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
      await expect(resolveEncryptionKeys(config, { create: false })).rejects.toThrow(
        MissingEncryptionKeyError,
      );
      await expect(resolveEncryptionKeys(config, { create: false })).rejects.toThrow(/ENCRYPTION_KEY/);
      await expect(readFile(join(dir, 'encryption.key'))).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses an ENCRYPTION_KEY list with a bad entry', () => {
    const good = Buffer.alloc(32, 1).toString('base64');
    expect(() => loadConfig({ NODE_ENV: 'test', ENCRYPTION_KEY: `${good},short` })).toThrow(/ENCRYPTION_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'test', ENCRYPTION_KEY: ',' })).toThrow(/ENCRYPTION_KEY/);
  });
});
