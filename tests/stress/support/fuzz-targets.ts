import type { BillType, Catalog, FieldSpec, ObjectSpec, Registry } from '../../../src/engine/core';
import { validPayload } from '../../fixtures/payloads';
import type { Random } from './seeded-random';

export type Body = Record<string, any>;

/** An endpoint of spec 7, with a valid body for it and ways to make that body certainly wrong. */
export interface FuzzTarget {
  method: 'GET' | 'POST';
  path: string;
  /** A body the endpoint accepts (login: one with a wrong password, which it never accepts). */
  valid(random: Random): Body;
  /** The valid body with one defect that must make the endpoint refuse it (4xx), whatever else it holds. */
  broken(random: Random): Body;
}

/** A number no bill of a test gets, so a get, delete or update of it is a 404. */
const missingNumber = (random: Random) => 999_000_000 + random.int(0, 999_999);

/** Values no field of a bill accepts: every field is text or a number, none is longer than 2,000 characters. */
function neverValid(random: Random): unknown {
  return random.pick<() => unknown>([
    () => null,
    () => true,
    () => [],
    () => ({}),
    () => [random.int(1, 9)],
    () => ({ value: 'x' }),
    () => 'x'.repeat(random.int(2_001, 300_000)),
  ])();
}

/** Wrong for a required field of its kind (numbers as text allowed, so only impossible ones). */
function wrongFor(field: FieldSpec, random: Random): unknown {
  const types = [field.schema.type].flat();
  const numeric = types.includes('number') || types.includes('integer');
  if (random.chance(0.5)) return neverValid(random);
  if (numeric) {
    return random.pick([
      -1,
      -0.5,
      1e13,
      'NaN',
      'Infinity',
      '-Infinity',
      '-5',
      '1e999',
      'abc',
      '1,000',
      '',
      '  ',
      '0x10',
    ]);
  }
  return random.pick(['', '   ', '\t\n', 12345, 0]);
}

const WRONG_TYPE_NAMES = ['', 'receipt', ' invoice', 'INVOICE', 'bill', '__proto__', 'constructor', 'toString'];

function wrongTypeValue(random: Random, registry: Registry, accepted: BillType[]): unknown {
  const elsewhere = registry.billTypes.filter((b) => !accepted.includes(b));
  if (elsewhere.length > 0 && random.chance(0.25)) return random.pick(elsewhere).type;
  return random.chance(0.5) ? random.pick(WRONG_TYPE_NAMES) : neverValid(random);
}

function requiredFields(spec: ObjectSpec): FieldSpec[] {
  return spec.fields.filter((field) => field.required && !field.rowNumber);
}

/** Breaks one required field somewhere in a create body: in the header, a row, or a row's nested list. */
function breakField(body: Body, spec: ObjectSpec, random: Random): void {
  const field = random.pick(requiredFields(spec));
  if (field.rows && Array.isArray(body[field.name]) && body[field.name].length > 0 && random.chance(0.7)) {
    const rows = body[field.name] as Body[];
    breakField(random.pick(rows), field.rows, random);
    return;
  }
  if (field.rows) {
    body[field.name] = random.pick<() => unknown>([
      () => undefined,
      () => [],
      () => ({}),
      () => 'rows',
      () => [null],
      () => [[]],
      () => Array.from({ length: 2_001 }, () => ({})),
    ])();
  } else if (random.chance(0.25)) {
    delete body[field.name];
  } else {
    body[field.name] = wrongFor(field, random);
  }
}

function createTarget(registry: Registry, path: string, accepted: BillType[]): FuzzTarget {
  const valid = (random: Random): Body => {
    const billType = random.pick(accepted);
    return {
      method: 'create',
      type: billType.type,
      ...validPayload(billType, random.int(1, 3), { invoiceno: missingNumber(random) }),
    };
  };
  return {
    method: 'POST',
    path,
    valid,
    broken(random) {
      const body = valid(random);
      const billType = registry.byType(body.type)!;
      const defect = random.int(0, 9);
      if (defect === 0) body.type = wrongTypeValue(random, registry, accepted);
      else if (defect === 1) body.method = random.pick([undefined, 'delete', 'Create', 'upsert', 1, null, ['create']]);
      else if (defect === 2)
        body.method = 'update'; // of a number no bill has: 404
      else if (defect === 3)
        body.convertfrom = random.pick(['quotation 5', 5, [], { billtype: 'receipt', billno: 1 }, { billno: 1 }]);
      else breakField(body, billType.root, random);
      return body;
    },
  };
}

/** An endpoint that names a bill type (and a number): `accepted` are the types it serves. */
function billTypeTarget(
  registry: Registry,
  path: string,
  withNumber: boolean,
  accepted: BillType[] = registry.billTypes,
): FuzzTarget {
  const valid = (random: Random): Body => ({
    billtype: random.pick(accepted).type,
    ...(withNumber ? { billno: missingNumber(random) } : {}),
  });
  return {
    method: 'POST',
    path,
    valid,
    broken(random) {
      const body = valid(random);
      if (!withNumber || random.chance(0.4)) body.billtype = wrongTypeValue(random, registry, accepted);
      else
        body.billno = random.pick([
          0,
          -1,
          1.5,
          1e300,
          'x',
          '',
          '1 OR 1=1',
          '01e2',
          null,
          [],
          {},
          true,
          missingNumber(random),
        ]);
      return body;
    },
  };
}

function listTarget(registry: Registry): FuzzTarget {
  const target = billTypeTarget(registry, '/api/common/getbill', false);
  const pagingDefects: Body[] = [
    { limit: 0 },
    { limit: 1_001 },
    { limit: 'ten' },
    { offset: -1 },
    { offset: 1.5 },
    { sort: 'amount' },
    { sort: ['billno'] },
    { order: 'up' },
    { search: 5 },
    { search: 'x'.repeat(201) },
  ];
  return {
    ...target,
    broken: (random) =>
      random.chance(0.5) ? { ...target.valid(random), ...random.pick(pagingDefects) } : target.broken(random),
  };
}

function catalogSaveTarget(catalog: Catalog): FuzzTarget {
  const valid = (): Body => ({
    [catalog.nameKey]: 'Fuel injection pump',
    ...Object.fromEntries(catalog.fills.map((fill) => [fill, '18'])),
  });
  return {
    method: 'POST',
    path: `/api/common/${catalog.save}`,
    valid,
    broken(random) {
      const body = valid();
      if (catalog.fills.length > 0 && random.chance(0.3)) {
        body[random.pick(catalog.fills)] = random.pick([{}, [], true, 'x'.repeat(101)]);
      } else {
        body[catalog.nameKey] = random.pick<unknown>([undefined, '', '   ', 7, null, [], {}, 'x'.repeat(501)]);
      }
      return body;
    },
  };
}

const loginTarget: FuzzTarget = {
  method: 'POST',
  path: '/api/auth/login',
  valid: (random) => ({ email: `fuzz${random.int(0, 50)}@alfadiesel.test`, password: 'never the password' }),
  broken: (random) => ({
    email: random.pick<unknown>(['', 'stress@alfadiesel.test', [], {}, 5, null, 'x'.repeat(10_000)]),
    password: random.pick<unknown>(['', 'wrong password', 12345678, [], {}, null, 'p'.repeat(5_000)]),
  }),
};

/** Every endpoint of spec 7 (GET lists take no body: only their token can be wrong). */
export function fuzzTargets(registry: Registry): FuzzTarget[] {
  const creates = new Map<string, BillType[]>();
  const gets = new Map<string, BillType[]>();
  for (const billType of registry.billTypes) {
    creates.set(billType.createPath, [...(creates.get(billType.createPath) ?? []), billType]);
    gets.set(billType.getPath, [...(gets.get(billType.getPath) ?? []), billType]);
  }
  const catalogs = Object.values(registry.catalogs);
  return [
    loginTarget,
    ...[...creates].map(([path, accepted]) => createTarget(registry, path, accepted)),
    ...[...gets].map(([path, accepted]) => billTypeTarget(registry, path, true, accepted)),
    billTypeTarget(registry, '/api/common/getbillno', false),
    listTarget(registry),
    billTypeTarget(registry, '/api/common/deletebill', true),
    billTypeTarget(registry, '/api/common/showpdf', true),
    ...catalogs.map(catalogSaveTarget),
    ...catalogs.map((catalog): FuzzTarget => ({
      method: 'GET',
      path: `/api/common/${catalog.get}`,
      valid: () => ({}),
      broken: () => ({}),
    })),
  ];
}
