import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRegistry, validateBill } from '../../src/engine/core';
import { precompiledValidators } from '../../src/generated/validators.js';
import { loadRegistry, readSchemaFiles } from '../../src/server/schema-files';
import { generate } from '../../scripts/generate';
import { validPayload } from '../fixtures/payloads';

describe('src/generated', () => {
  it('is up to date with schemas/ (run `npm run gen` after changing a schema)', async () => {
    const outputs = await generate(readSchemaFiles(), loadRegistry());
    for (const [path, content] of Object.entries(outputs)) {
      expect(readFileSync(path, 'utf8'), `${path} is stale: run npm run gen`).toBe(content);
    }
  });

  it('precompiled validators are plain ES modules the browser can load as they are (no require)', () => {
    const modules = readdirSync('src/generated/validators').map((name) => `src/generated/validators/${name}`);
    expect(modules.length).toBeGreaterThan(0);
    for (const path of ['src/generated/validators.js', 'src/generated/type-modules.js', ...modules]) {
      expect(readFileSync(path, 'utf8'), path).not.toMatch(/\brequire\(/);
    }
  });

  it('precompiled validators give the same answers as ajv at run time', () => {
    const compiled = loadRegistry();
    const precompiled = createRegistry(readSchemaFiles(), (key) => {
      const validator = precompiledValidators[key];
      if (!validator) throw new Error(`no precompiled validator for ${key}`);
      return validator;
    });
    for (const billType of compiled.billTypes) {
      const twin = precompiled.byType(billType.type)!;
      const payloads = [
        validPayload(billType),
        validPayload(billType, 1, { clientname: '' }),
        validPayload(billType, 1, { clientname: '₹'.repeat(501) }),
        validPayload(billType, 1, { clientname: '🛢'.repeat(500) }),
        validPayload(billType, 1, { product: [{}] }),
      ];
      for (const payload of payloads) {
        expect(validateBill(precompiled, twin, payload)).toEqual(validateBill(compiled, billType, payload));
      }
    }
  });
});
